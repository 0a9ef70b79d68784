/** `/administration/tour-commander/tenant-config`: placeholder until the page exists. */
export function TourCommanderConfigPage() {
    return null;
}
