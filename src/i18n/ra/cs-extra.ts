import type { RaMessagesPatch } from '../raMessages';

/**
 * What ra-language-czech 5.7.0 lacks for react-admin 5.15.4, merged over it: the keys it does
 * not have at all, and the keys whose text predates 5.15's variables (`%{id}` and `%{field}`
 * instead of `%{recordRepresentation}` and `%{field_lower_first}`, `create_item` without
 * `%{item}`, bulk-update texts that were never translated).
 */
const czechExtraMessages: RaMessagesPatch = {
    ra: {
        action: {
            create_item: 'Vytvořit %{item}',
            reset: 'Obnovit výchozí',
            search_columns: 'Hledat sloupce',
        },
        page: {
            edit: '%{name} %{recordRepresentation}',
            show: '%{name} %{recordRepresentation}',
        },
        message: {
            bulk_update_content:
                'Opravdu chcete aktualizovat %{name} %{recordRepresentation}? |||| Opravdu chcete aktualizovat tyto %{smart_count} položky? |||| Opravdu chcete aktualizovat těchto %{smart_count} položek?',
            bulk_update_title:
                'Aktualizovat %{name} %{recordRepresentation} |||| Aktualizovat %{smart_count} %{name} |||| Aktualizovat %{smart_count} %{name}',
            delete_title: 'Smazat %{name} %{recordRepresentation}',
        },
        sort: {
            sort_by: 'Seřadit podle %{field_lower_first} %{order}',
        },
        notification: {
            offline: 'Žádné připojení. Data nelze načíst.',
        },
        guesser: {
            empty: {
                title: 'Žádná data k zobrazení',
                message: 'Zkontrolujte prosím svého poskytovatele dat (dataProvider)',
            },
        },
    },
};

export default czechExtraMessages;
