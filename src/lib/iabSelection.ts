/**
 * The IAB category selection of spec section 4 ('IAB create', 'IAB edit'), as pure functions over a selection
 * kept in its minimal form: a parent stands for all of its sub-categories, so no parent is ever selected
 * together with one of its children, and a parent whose every child is selected is selected instead of them.
 *
 * - Selecting a parent clears its children; selecting the last unselected child of a parent collapses to the
 *   parent; unselecting one child of a selected parent replaces the parent with its other children.
 * - 'Select common' adds the common parents (IAB7, IAB14, IAB23, IAB25, IAB26, IAB30) that are available,
 *   dropping their children, or removes them when every available one is already selected; it is disabled when
 *   none is available.
 * - Already blocked categories are `locked`: shown selected, never toggled, and kept through every change (a
 *   parent whose other children the user picks collapses with them).
 *
 * Ids are IAB ids ('IAB7', 'IAB7-1'). A selection is a ReadonlySet in minimal form; `orderedIds` gives it in
 * the order the spec sends it: parents first, then sub-categories, each in taxonomy order.
 */

export const COMMON_IAB_PARENTS = ['IAB7', 'IAB14', 'IAB23', 'IAB25', 'IAB26', 'IAB30'] as const;

export interface IabTreeParent {
  id: string;
  children: readonly string[];
}

/** The taxonomy as the picker needs it, with lookups built once. */
export interface IabTree {
  parents: readonly IabTreeParent[];
  parentOf: ReadonlyMap<string, string>;
  childrenOf: ReadonlyMap<string, readonly string[]>;
  /** Taxonomy position of every id. */
  position: ReadonlyMap<string, number>;
}

export type IabSelection = ReadonlySet<string>;

export function iabTree(parents: readonly IabTreeParent[]): IabTree {
  const parentOf = new Map<string, string>();
  const childrenOf = new Map<string, readonly string[]>();
  const position = new Map<string, number>();
  for (const parent of parents) {
    childrenOf.set(parent.id, parent.children);
    position.set(parent.id, position.size);
    for (const child of parent.children) {
      parentOf.set(child, parent.id);
      position.set(child, position.size);
    }
  }
  return { parents, parentOf, childrenOf, position };
}

const isParent = (tree: IabTree, id: string) => tree.childrenOf.has(id);

/** The minimal form of any set of known ids: children of a selected parent dropped, complete families collapsed. */
export function normalizeSelection(tree: IabTree, ids: Iterable<string>): Set<string> {
  const known = new Set([...ids].filter((id) => tree.position.has(id)));
  const result = new Set<string>();
  for (const { id, children } of tree.parents) {
    if (known.has(id) || (children.length > 0 && children.every((child) => known.has(child)))) {
      result.add(id);
    } else {
      for (const child of children) if (known.has(child)) result.add(child);
    }
  }
  return result;
}

/** Whether `id` is selected itself or through its parent. */
export function isCovered(selection: IabSelection, tree: IabTree, id: string): boolean {
  const parent = tree.parentOf.get(id);
  return selection.has(id) || (parent !== undefined && selection.has(parent));
}

/** A parent some, but not all, of whose children are selected (the tree shows it half-checked). */
export function isPartlySelected(selection: IabSelection, tree: IabTree, id: string): boolean {
  return !selection.has(id) && (tree.childrenOf.get(id) ?? []).some((child) => selection.has(child));
}

/** Every id the selection covers, for a tree that shows children of a selected parent checked. */
export function coveredIds(selection: IabSelection, tree: IabTree): string[] {
  return [...tree.position.keys()].filter((id) => isCovered(selection, tree, id));
}

/** Selects or unselects `id` by the spec's rules; a locked id (or one under a locked parent) does not move. */
export function toggleCategory(tree: IabTree, selection: IabSelection, id: string, locked: IabSelection = new Set()): Set<string> {
  if (!tree.position.has(id) || isCovered(locked, tree, id)) return new Set(selection);
  const next = new Set(selection);
  const parent = tree.parentOf.get(id);
  if (isParent(tree, id)) {
    if (next.has(id)) next.delete(id);
    else {
      for (const child of tree.childrenOf.get(id) ?? []) next.delete(child);
      next.add(id);
    }
  } else if (parent !== undefined && next.has(parent)) {
    next.delete(parent);
    for (const sibling of tree.childrenOf.get(parent) ?? []) if (sibling !== id) next.add(sibling);
  } else if (next.has(id)) {
    next.delete(id);
  } else {
    next.add(id);
  }
  return normalizeSelection(tree, [...next, ...locked]);
}

/** The common parents that can still be chosen: in the tree and not locked. */
export function availableCommonParents(tree: IabTree, locked: IabSelection = new Set()): string[] {
  return COMMON_IAB_PARENTS.filter((id) => tree.childrenOf.has(id) && !locked.has(id));
}

/** Whether 'Select common' would remove the common parents (all available ones are selected) rather than add them. */
export function commonParentsSelected(tree: IabTree, selection: IabSelection, locked: IabSelection = new Set()): boolean {
  const available = availableCommonParents(tree, locked);
  return available.length > 0 && available.every((id) => selection.has(id));
}

/** 'Select common': adds every available common parent (dropping their children) or, when all are selected, removes them. */
export function toggleCommonParents(tree: IabTree, selection: IabSelection, locked: IabSelection = new Set()): Set<string> {
  const available = availableCommonParents(tree, locked);
  const next = new Set(selection);
  if (commonParentsSelected(tree, selection, locked)) {
    for (const id of available) next.delete(id);
  } else {
    for (const id of available) {
      for (const child of tree.childrenOf.get(id) ?? []) next.delete(child);
      next.add(id);
    }
  }
  return normalizeSelection(tree, [...next, ...locked]);
}

/** The selection in the order the spec sends it: parents first, then sub-categories, each in taxonomy order. */
export function orderedIds(tree: IabTree, selection: Iterable<string>): string[] {
  const byPosition = (a: string, b: string) => (tree.position.get(a) ?? 0) - (tree.position.get(b) ?? 0);
  const ids = [...selection];
  return [...ids.filter((id) => isParent(tree, id)).sort(byPosition), ...ids.filter((id) => !isParent(tree, id)).sort(byPosition)];
}

export function sameSelection(a: IabSelection, b: IabSelection): boolean {
  return a.size === b.size && [...a].every((id) => b.has(id));
}

/**
 * What saving an IAB edit does (spec section 4: 'removes previously blocked children that are now unselected,
 * then updates (zone) or creates (publisher) the selection'): the entity's own blocks no longer in the minimal
 * selection are removed, and the ids it does not block yet are added. `locked` ids belong to someone else
 * (a zone's Global blocks): never removed, never added.
 */
export function iabEditChanges(
  tree: IabTree,
  own: IabSelection,
  selection: IabSelection,
  locked: IabSelection = new Set(),
): { remove: string[]; add: string[] } {
  return {
    remove: orderedIds(tree, [...own].filter((id) => !selection.has(id))),
    add: orderedIds(tree, [...selection].filter((id) => !own.has(id) && !locked.has(id))),
  };
}

/**
 * What an IAB edit changes for the entity (issue 21): the categories it newly blocks and those it no longer
 * blocks, compared by what each selection covers, not by the blocks the save writes. Ticking the last unblocked
 * child of a parent writes 'block the parent, unblock its 17 other children', yet for the publisher it blocks one
 * category: that one is what the review lists and prices. Each side is minimal: a parent only when the whole
 * family changes (a parent without children is its own family), else its changed children.
 */
export function iabNetEffect(tree: IabTree, before: IabSelection, after: IabSelection): { blocked: string[]; unblocked: string[] } {
  const covered = (selection: IabSelection) => new Set(coveredIds(selection, tree));
  const was = covered(before);
  const is = covered(after);
  const minimal = (ids: ReadonlySet<string>) =>
    orderedIds(
      tree,
      tree.parents.flatMap(({ id, children }) =>
        ids.has(id) && children.every((child) => ids.has(child)) ? [id] : children.filter((child) => ids.has(child)),
      ),
    );
  return {
    blocked: minimal(new Set([...is].filter((id) => !was.has(id)))),
    unblocked: minimal(new Set([...was].filter((id) => !is.has(id)))),
  };
}
