// A rule lives once, in the contract (issue 31): a copy of openapi/portal.yaml with the zone name's maxLength
// lowered is turned into a rules module by the same generator `npm run api:types` runs (scripts/apiRules.ts), and a
// react-admin form whose name input takes its validators from that module refuses a name over the new limit with
// the limit in its message, before any request leaves (MSW sees none); a name within it is sent. The committed
// rules still take the longer name, so the refusal comes from the changed contract.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { Form, SaveButton, TextInput, useCreate } from 'react-admin';
import { CONTRACT_FILE, rulesModule } from '../../../scripts/apiRules';
import { checkField, contractValidators, rulesReader, type FieldValidator, type RulesTable } from '../../../src/lib/contractRules';
import { toZoneCreateData } from '../../../src/resources/zones/zoneRequest';
import { publisher } from '../../support/builders';
import { HttpResponse, recordRequests, setupMsw } from '../../support/msw';
import { renderWithAdmin, signIn } from '../../support/renderWithAdmin';
import { serveZoneRequest } from '../resources/zones/zoneApi';

const server = setupMsw();
const requests = recordRequests(server);

const ROOT = path.resolve(import.meta.dirname, '../../..');
const SHORTER = 40;
let folder = '';
let changed: ReturnType<typeof rulesReader>;

beforeAll(async () => {
  // A temporary folder inside the project (git ignores .data-*/): the test runner transforms TypeScript there only.
  folder = await mkdtemp(path.join(ROOT, '.data-contract-'));
  const contract = await readFile(CONTRACT_FILE, 'utf8');
  // components.schemas.ZoneName's own maxLength (255 today), the zone name of requestZone and updateZone.
  const zoneName = /(\n {4}ZoneName:\n(?: {6}.*\n)*? {6}maxLength: )\d+\n/;
  expect(contract).toMatch(zoneName);
  const copy = path.join(folder, 'portal.yaml');
  await writeFile(copy, contract.replace(zoneName, `$1${SHORTER}\n`));
  const module = path.join(folder, 'portal.rules.ts');
  await writeFile(module, rulesModule(await readFile(copy, 'utf8')));
  const generated = (await import(/* @vite-ignore */ module)) as { CONTRACT_RULES: RulesTable };
  changed = rulesReader(generated.CONTRACT_RULES);
});

afterAll(async () => {
  if (folder) await rm(folder, { recursive: true, force: true });
});

function ZoneNameForm({ validate }: { validate: FieldValidator[] }) {
  const [create] = useCreate();
  return (
    <Form onSubmit={(values: Record<string, unknown>) => create('zones', { data: toZoneCreateData({ name: values.name as string, zoneType: 'website', entries: 'example.com', services: [] }) })}>
      <TextInput source="name" label="Zone name" validate={validate} />
      <SaveButton />
    </Form>
  );
}

describe('validation generated from the contract', () => {
  it('reads the changed maxLength from the regenerated rules; the committed contract still takes the longer name', () => {
    const longer = 'N'.repeat(SHORTER + 1);
    expect(changed.ruleOf('requestZone', 'name')).toMatchObject({ maxLength: SHORTER, required: true });
    expect(changed.checkField('requestZone', 'name', longer)).toEqual({ message: 'validation.tooLong', args: { max: SHORTER, count: SHORTER + 1 } });
    expect(checkField('requestZone', 'name', longer)).toBeUndefined();
    // The spec's messages: blank is the required error; the zone name's other rules come along (no control character).
    expect(changed.checkField('requestZone', 'name', '   ')).toBe('errorMessages.required');
    expect(contractValidators('requestZone', 'name')[0]?.isRequired).toBe(true);
    expect(checkField('requestZone', 'name', 'a\u0007b')).toBe('validation.invalidValue');
  });

  it('the form refuses the longer name before any request, and sends one within the new limit', async () => {
    signIn({ publisher: publisher({ id: 101 }) });
    serveZoneRequest(server, () => HttpResponse.json({ trackingId: 9001 }, { status: 201 }));
    const { user } = await renderWithAdmin(<ZoneNameForm validate={changed.contractValidators('requestZone', 'name')} />);
    const name = screen.getByRole('textbox', { name: /Zone name/ });

    await user.click(name);
    await user.paste('N'.repeat(SHORTER + 1));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(`At most ${SHORTER} characters: this has ${SHORTER + 1}.`)).toBeVisible();
    expect(requests).toEqual([]);

    await user.type(name, '{Backspace}');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests.map((request) => new URL(request.url).pathname)).toEqual(['/external/request']));
    expect(await requests[0]!.json()).toMatchObject({ name: 'N'.repeat(SHORTER) });
  });
});
