-- Issue 21. A requested slot waits for the network operator's approval, which happens outside the portal (spec
-- section 4): approved_at is null until then. Slots written other than by the portal's slot request (the
-- operator's tools, the seeds, every slot that existed before this migration) are approved; the request writes
-- null explicitly (server/src/routes/zones/slots.ts).
ALTER TABLE slots ADD COLUMN approved_at timestamptz DEFAULT now();
UPDATE slots SET approved_at = created_at;

-- The ledger's standard lines, by key, so the console words them in the user's language (PaymentLedgerRow
-- descriptionKey and reference); a line written by hand keeps a null key and is shown as its description says.
-- Rows written before this migration are classified by their descriptions (the seed's wording, as 0006 did).
ALTER TABLE payment_ledger ADD COLUMN description_key text, ADD COLUMN reference text;
UPDATE payment_ledger SET description_key = CASE
    WHEN description LIKE 'Earnings for %' THEN 'earnings'
    WHEN description LIKE 'Revenue adjustment for %' THEN 'adjustment'
    WHEN description LIKE 'Balance carried over from %' THEN 'carryOver'
    WHEN description LIKE 'Invalid traffic deduction for %' THEN 'invalidTraffic'
    WHEN description LIKE 'Payment by check #%' THEN 'paymentCheck'
    WHEN description LIKE 'Payment via PayPal (%)' THEN 'paymentPaypal'
    WHEN description LIKE 'Payment via ACH transfer (%)' THEN 'paymentAch'
    WHEN description LIKE 'Bank transfer payment (%)' THEN 'paymentBankTransfer'
  END;
UPDATE payment_ledger SET reference = substring(description FROM '[#(]([^)#]+)\)?$')
 WHERE description_key IN ('paymentCheck', 'paymentPaypal', 'paymentAch', 'paymentBankTransfer');
ALTER TABLE payment_ledger ADD CONSTRAINT payment_ledger_description_key_check CHECK (description_key IN
  ('earnings', 'adjustment', 'carryOver', 'invalidTraffic', 'paymentCheck', 'paymentPaypal', 'paymentAch', 'paymentBankTransfer'));
