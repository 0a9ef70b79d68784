/** Placeholder until the account licences page is written (issue 5). */
export function AppLicensesPage() {
    return null;
}
