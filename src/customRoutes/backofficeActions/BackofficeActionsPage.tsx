/** `/administration/backoffice-actions`: placeholder until the page exists. */
export function BackofficeActionsPage() {
    return null;
}
