import { useMediaQuery, type Theme } from '@mui/material';
import {
    Datagrid,
    FunctionField,
    List,
    Pagination,
    SearchInput,
    SelectInput,
    SimpleList,
    TextField,
    useTranslate,
} from 'react-admin';
import { languages } from '../../../domain/enums';
import type { PageViewRecord } from '../../../domain/contracts/page-views';
import { languageName } from '../../i18n/languages';
import { useFormatters } from '../../settings/useFormatters';
import { useUserProfile } from '../../useUserProfile';

/** The back-office service's list of recorded page views (admins only). */
const PAGE_VIEWS_RESOURCE = 'analytics/page-views';

const PER_PAGE = 25;
const pagination = <Pagination rowsPerPageOptions={[25, 50, 100]} />;
const languageChoices = languages.map((language) => ({
    id: language,
    name: languageName(language),
}));
const filters = [
    <SearchInput key="q" source="q" alwaysOn />,
    <SelectInput key="language" source="language" choices={languageChoices} alwaysOn />,
];

/**
 * `/administration/analytics`: what the page-change analytics recorded (shell §2.8, §9), newest
 * first, searchable by path and filterable by language. Records name organisations and roles,
 * never people.
 */
export function PageViewList() {
    const translate = useTranslate();
    const formatters = useFormatters();
    const { profile } = useUserProfile();
    const isXSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
    const tenantName = (tenantId: string | null) =>
        tenantId
            ? (profile?.tenants.find((tenant) => tenant.id === tenantId)?.name ?? tenantId)
            : '-';

    return (
        <List<PageViewRecord>
            resource={PAGE_VIEWS_RESOURCE}
            title={translate('app.pageViews.title')}
            filters={filters}
            perPage={PER_PAGE}
            pagination={pagination}
            sort={{ field: 'occurredAt', order: 'DESC' }}
            storeKey="pageViews.admin"
            exporter={false}
            empty={false}
        >
            {isXSmall ? (
                <SimpleList<PageViewRecord>
                    primaryText={(view) => view.path}
                    secondaryText={(view) =>
                        `${formatters.dateTime(view.occurredAt)} · ${view.language} · ${view.screen}`
                    }
                    tertiaryText={(view) => tenantName(view.tenantId)}
                    linkType={false}
                />
            ) : (
                <Datagrid bulkActionButtons={false} rowClick={false}>
                    <FunctionField<PageViewRecord>
                        source="occurredAt"
                        render={(view) => formatters.dateTime(view.occurredAt)}
                    />
                    <TextField source="path" />
                    <TextField source="routeName" emptyText="-" />
                    <TextField source="language" />
                    <TextField source="screen" />
                    <FunctionField<PageViewRecord>
                        source="tenantId"
                        label="app.contexts.tenant.title"
                        render={(view) => tenantName(view.tenantId)}
                    />
                    <FunctionField<PageViewRecord>
                        source="roles"
                        sortable={false}
                        render={(view) => view.roles.join(', ') || '-'}
                    />
                </Datagrid>
            )}
        </List>
    );
}
