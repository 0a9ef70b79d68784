/** Placeholder until the resource's list is written (issue 5). */
export function RoleList() {
    return null;
}
