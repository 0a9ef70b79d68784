import { Link } from '@mui/material';
import { useMemo } from 'react';
import { useTranslate } from 'react-admin';
import { depotCsvTemplate, depotCsvTemplateFor } from '../../../domain/depots';

interface TemplateOrganisation {
    id: string;
    name: string;
    countryCode: string;
    regions: readonly { id: string }[];
}

/**
 * The depot CSV template to download: with an organisation, one row per region with its id,
 * country and region id filled in (region ids appear nowhere else in the upload); without, the
 * header alone.
 */
export function DepotTemplateLink({ organisation }: { organisation?: TemplateOrganisation }) {
    const translate = useTranslate();
    const href = useMemo(
        () =>
            `data:text/csv;charset=utf-8,${encodeURIComponent(
                organisation ? depotCsvTemplateFor(organisation) : depotCsvTemplate,
            )}`,
        [organisation],
    );
    return (
        <Link
            href={href}
            download={
                organisation ? `depots-template-${organisation.id}.csv` : 'depots-template.csv'
            }
        >
            {organisation
                ? translate('app.depots.upload.templateFor', { name: organisation.name })
                : translate('app.depots.upload.template')}
        </Link>
    );
}
