import type { RoleChange, RoleChangeKind } from '../../../domain/contracts/backoffice-actions';

/** The order of the preview: what blocks or changes first, what stays last. */
const changeKindOrder: readonly RoleChangeKind[] = [
    'conflict',
    'create',
    'update',
    'skipped',
    'unchanged',
];

export type ChangeCounts = Record<RoleChangeKind, number>;

export function countChanges(changes: readonly RoleChange[]): ChangeCounts {
    const counts: ChangeCounts = { create: 0, update: 0, unchanged: 0, skipped: 0, conflict: 0 };
    for (const change of changes) counts[change.kind] += 1;
    return counts;
}

/** The changes sorted by kind (then as in the file). */
export const sortedChanges = (changes: readonly RoleChange[]) =>
    [...changes].sort((a, b) => changeKindOrder.indexOf(a.kind) - changeKindOrder.indexOf(b.kind));
