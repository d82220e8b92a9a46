/**
 * The IAB category picker of the IAB create and edit dialogs (spec section 4): parents and their sub-categories in
 * taxonomy order, labelled 'name (id)' in the UI language, with checkboxes that follow the selection algebra of
 * src/lib/iabSelection.ts (the tree only shows it: a selected parent shows its children checked). A search box
 * filters the tree by name or id. Each node says what its advertisers earned in the last 30 days (share of revenue
 * and impressions), so the cost of a block shows while choosing. Already blocked categories are shown checked and
 * cannot be changed.
 *
 * MUI X's RichTreeView (MIT) gives the tree semantics, keyboard movement and the checkboxes.
 *
 * It is an input of the dialog's react-admin form: the selection is the form's `selection` (ids, useInput), the
 * search box its `search`.
 */
import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { RichTreeView } from '@mui/x-tree-view/RichTreeView';
import { TextInput, useInput } from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { IabCategoryRecord } from '../../dataProvider/resources';
import { useI18n } from '../../i18n/I18nContext';
import { coveredIds, isCovered, isPartlySelected, toggleCategory, type IabSelection, type IabTree } from '../../lib/iabSelection';

export interface NodeShare {
  revenueShare: number;
  impressionShare: number;
}

export interface IabPickerProps {
  categories: readonly IabCategoryRecord[];
  tree: IabTree;
  locked: IabSelection;
  /** Revenue share per category id, when known. */
  shares?: ReadonlyMap<string, NodeShare>;
}

interface Node {
  id: string;
  label: string;
  children?: Node[];
}

/** The form's values the picker reads and writes. */
export type IabPickerValues = { search: string; selection: string[] };

export function IabPicker({ categories, tree, locked, shares }: IabPickerProps) {
  const { translate, locale } = useI18n();
  // A click on a node gives the selection by the algebra (locked categories stay as they are).
  const { field } = useInput<string[]>({ source: 'selection' });
  const selection: IabSelection = useMemo(() => new Set<string>(field.value ?? []), [field.value]);
  const search = (useWatch({ name: 'search' }) as string | undefined) ?? '';
  const [expanded, setExpanded] = useState<string[]>([]);
  const percent = useMemo(() => new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }), [locale]);
  const term = search.trim().toLowerCase();

  const items = useMemo<Node[]>(() => {
    const matches = (category: { id: string; name: string }) =>
      term === '' || category.name.toLowerCase().includes(term) || category.id.toLowerCase().includes(term);
    return categories.flatMap((parent) => {
      const children = matches(parent) ? parent.subCategories : parent.subCategories.filter(matches);
      if (!matches(parent) && children.length === 0) return [];
      return [{ id: parent.id, label: parent.label, children: children.map((child) => ({ id: child.id, label: child.label })) }];
    });
  }, [categories, term]);

  const effective = useMemo(() => new Set([...selection, ...locked]), [selection, locked]);
  const checked = useMemo(() => coveredIds(effective, tree), [effective, tree]);
  // While searching, every parent with a match is open; otherwise the user's choice.
  const open = term === '' ? expanded : items.filter((item) => (item.children?.length ?? 0) > 0).map((item) => item.id);

  const describe = (node: Node) => {
    const parts = [node.label];
    if (isCovered(locked, tree, node.id)) parts.push(translate('blocking.iabCategories.alreadyBlocked'));
    else if (isPartlySelected(effective, tree, node.id)) {
      const children = tree.childrenOf.get(node.id) ?? [];
      parts.push(translate('blocking.iabCategories.partly', { count: children.filter((id) => effective.has(id)).length, total: children.length }));
    }
    const share = shares?.get(node.id);
    if (share) {
      parts.push(translate('blocking.iabCategories.earned', { revenue: percent.format(share.revenueShare), impressions: percent.format(share.impressionShare) }));
    }
    return parts.join(' · ');
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <TextInput source="search" type="search" size="small" label="blocking.iabCategories.search" helperText={false} resettable={false} />
      <Box sx={{ maxHeight: 360, overflow: 'auto', border: 1, borderColor: 'divider', borderRadius: 1, py: 0.5 }}>
        {items.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 2 }}>
            {translate('blocking.iabCategories.noMatch', { term: search.trim() })}
          </Typography>
        ) : (
          <RichTreeView<Node, true>
            aria-label={translate('blocking.iabCategories.treeLabel')}
            items={items}
            getItemLabel={describe}
            multiSelect
            checkboxSelection
            selectedItems={checked}
            isItemSelectionDisabled={(node) => isCovered(locked, tree, node.id)}
            onItemSelectionToggle={(_event, id) => field.onChange([...toggleCategory(tree, selection, id, locked)])}
            expandedItems={open}
            onExpandedItemsChange={(_event, ids) => setExpanded(ids)}
            expansionTrigger="iconContainer"
          />
        )}
      </Box>
    </Box>
  );
}
