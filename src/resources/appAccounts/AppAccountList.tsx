/** Placeholder until the resource's list is written (issue 5). */
export function AppAccountList() {
    return null;
}
