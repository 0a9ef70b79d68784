/** Placeholder until the subcontractor user's driver list is written (issue 5). */
export function SubcontractorDriversPage() {
    return null;
}
