import type { TranslationMessages } from 'ra-core';

/**
 * react-admin's `ra.*` texts in Romanian (key set of ra-language-english 5.15.4). Plurals have
 * three forms: 1 | 0, 2–19 (and 101–119…) | 20 and more, which take "de".
 */
const romanianMessages: TranslationMessages = {
    ra: {
        action: {
            add_filter: 'Adăugare filtru',
            add: 'Adăugare',
            back: 'Înapoi',
            bulk_actions:
                '%{smart_count} element selectat |||| %{smart_count} elemente selectate |||| %{smart_count} de elemente selectate',
            cancel: 'Anulare',
            clear_array_input: 'Golire listă',
            clear_input_value: 'Ștergere valoare',
            clone: 'Duplicare',
            confirm: 'Confirmare',
            create: 'Creare',
            create_item: 'Creare %{item}',
            delete: 'Ștergere',
            edit: 'Editare',
            export: 'Exportare',
            list: 'Listă',
            refresh: 'Reîmprospătare',
            remove_filter: 'Eliminare filtru',
            remove_all_filters: 'Eliminare toate filtrele',
            remove: 'Eliminare',
            reset: 'Resetare',
            save: 'Salvare',
            search: 'Căutare',
            search_columns: 'Căutare coloane',
            select_all: 'Selectare tot',
            select_all_button: 'Selectare tot',
            select_row: 'Selectare rând',
            show: 'Afișare',
            sort: 'Sortare',
            undo: 'Anulare acțiune',
            unselect: 'Deselectare',
            expand: 'Extindere',
            close: 'Închidere',
            open_menu: 'Deschidere meniu',
            close_menu: 'Închidere meniu',
            update: 'Actualizare',
            move_up: 'Mutare în sus',
            move_down: 'Mutare în jos',
            open: 'Deschidere',
            toggle_theme: 'Comutare mod luminos/întunecat',
            select_columns: 'Coloane',
            update_application: 'Reîncărcare aplicație',
        },
        boolean: {
            true: 'Da',
            false: 'Nu',
            null: '\u2003',
        },
        page: {
            create: 'Creare %{name}',
            dashboard: 'Tablou de bord',
            edit: '%{name} %{recordRepresentation}',
            error: 'A apărut o problemă',
            list: '%{name}',
            loading: 'Se încarcă',
            not_found: 'Nu a fost găsit',
            show: '%{name} %{recordRepresentation}',
            empty: 'Încă nu există %{name}.',
            invite: 'Doriți să adăugați un element nou?',
            access_denied: 'Acces refuzat',
            authentication_error: 'Eroare de autentificare',
        },
        input: {
            file: {
                upload_several:
                    'Plasați aici fișierele de încărcat sau faceți clic pentru a selecta unul.',
                upload_single:
                    'Plasați aici fișierul de încărcat sau faceți clic pentru a-l selecta.',
            },
            image: {
                upload_several:
                    'Plasați aici imaginile de încărcat sau faceți clic pentru a selecta una.',
                upload_single:
                    'Plasați aici imaginea de încărcat sau faceți clic pentru a o selecta.',
            },
            references: {
                all_missing: 'Datele de referință nu au fost găsite.',
                many_missing:
                    'Cel puțin una dintre referințele asociate nu mai pare să fie disponibilă.',
                single_missing: 'Referința asociată nu mai pare să fie disponibilă.',
            },
            password: {
                toggle_visible: 'Ascunde parola',
                toggle_hidden: 'Afișează parola',
            },
        },
        message: {
            about: 'Despre',
            access_denied: 'Nu aveți permisiunile necesare pentru a accesa această pagină',
            are_you_sure: 'Sunteți sigur?',
            authentication_error:
                'Serverul de autentificare a returnat o eroare, iar datele dvs. de autentificare nu au putut fi verificate.',
            auth_error: 'A apărut o eroare la validarea tokenului de autentificare.',
            bulk_delete_content:
                'Sigur doriți să ștergeți acest element (%{name})? |||| Sigur doriți să ștergeți aceste %{smart_count} elemente? |||| Sigur doriți să ștergeți aceste %{smart_count} de elemente?',
            bulk_delete_title:
                'Ștergere %{name} |||| Ștergere %{smart_count} %{name} |||| Ștergere %{smart_count} de %{name}',
            bulk_update_content:
                'Sigur doriți să actualizați %{name} %{recordRepresentation}? |||| Sigur doriți să actualizați aceste %{smart_count} elemente? |||| Sigur doriți să actualizați aceste %{smart_count} de elemente?',
            bulk_update_title:
                'Actualizare %{name} %{recordRepresentation} |||| Actualizare %{smart_count} %{name} |||| Actualizare %{smart_count} de %{name}',
            clear_array_input: 'Sigur doriți să goliți toată lista?',
            delete_content: 'Sigur doriți să ștergeți acest element (%{name})?',
            delete_title: 'Ștergere %{name} %{recordRepresentation}',
            details: 'Detalii',
            error: 'A apărut o eroare în client, iar solicitarea dvs. nu a putut fi finalizată.',
            invalid_form: 'Formularul nu este valid. Verificați erorile.',
            loading: 'Vă rugăm să așteptați',
            no: 'Nu',
            not_found: 'Ați introdus o adresă URL greșită sau ați urmat un link nevalid.',
            select_all_limit_reached:
                'Există prea multe elemente pentru a le selecta pe toate. Au fost selectate doar primele %{max}.',
            unsaved_changes:
                'Unele modificări nu au fost salvate. Sigur doriți să renunțați la ele?',
            yes: 'Da',
            placeholder_data_warning: 'Problemă de rețea: datele nu au putut fi reîmprospătate.',
        },
        navigation: {
            clear_filters: 'Ștergere filtre',
            no_filtered_results: 'Nu s-au găsit %{name} cu filtrele curente.',
            no_results: 'Nu s-au găsit %{name}',
            no_more_results:
                'Pagina %{page} este în afara intervalului. Încercați pagina anterioară.',
            page_out_of_boundaries: 'Pagina %{page} este în afara intervalului',
            page_out_from_end: 'Nu se poate trece dincolo de ultima pagină',
            page_out_from_begin: 'Nu se poate trece înainte de pagina 1',
            page_range_info: '%{offsetBegin}-%{offsetEnd} din %{total}',
            partial_page_range_info: '%{offsetBegin}-%{offsetEnd} din peste %{offsetEnd}',
            current_page: 'Pagina %{page}',
            page: 'Salt la pagina %{page}',
            first: 'Salt la prima pagină',
            last: 'Salt la ultima pagină',
            next: 'Salt la pagina următoare',
            previous: 'Salt la pagina anterioară',
            page_rows_per_page: 'Rânduri pe pagină:',
            skip_nav: 'Salt la conținut',
        },
        sort: {
            sort_by: 'Sortare după %{field_lower_first}, %{order}',
            ASC: 'crescător',
            DESC: 'descrescător',
        },
        auth: {
            auth_check_error: 'Autentificați-vă pentru a continua',
            user_menu: 'Profil',
            username: 'Nume de utilizator',
            password: 'Parolă',
            email: 'E-mail',
            sign_in: 'Autentificare',
            sign_in_error: 'Autentificarea a eșuat, încercați din nou',
            logout: 'Deconectare',
        },
        notification: {
            updated:
                'Element actualizat |||| %{smart_count} elemente actualizate |||| %{smart_count} de elemente actualizate',
            created: 'Element creat',
            deleted:
                'Element șters |||| %{smart_count} elemente șterse |||| %{smart_count} de elemente șterse',
            bad_item: 'Element incorect',
            item_doesnt_exist: 'Elementul nu există',
            http_error: 'Eroare de comunicare cu serverul',
            data_provider_error: 'Eroare dataProvider. Consultați consola pentru detalii.',
            i18n_error: 'Traducerile pentru limba selectată nu pot fi încărcate',
            canceled: 'Acțiune anulată',
            logged_out: 'Sesiunea dvs. s-a încheiat, autentificați-vă din nou.',
            not_authorized: 'Nu aveți autorizare pentru a accesa această resursă.',
            application_update_available: 'Este disponibilă o versiune nouă.',
            offline: 'Nu există conexiune. Datele nu au putut fi preluate.',
        },
        validation: {
            required: 'Obligatoriu',
            minLength: 'Numărul minim de caractere: %{min}',
            maxLength: 'Numărul maxim de caractere: %{max}',
            minValue: 'Trebuie să fie cel puțin %{min}',
            maxValue: 'Trebuie să fie cel mult %{max}',
            number: 'Trebuie să fie un număr',
            email: 'Trebuie să fie o adresă de e-mail validă',
            oneOf: 'Trebuie să fie una dintre valorile: %{options}',
            regex: 'Trebuie să respecte un anumit format (expresie regulată): %{pattern}',
            unique: 'Trebuie să fie unic',
        },
        saved_queries: {
            label: 'Interogări salvate',
            query_name: 'Numele interogării',
            new_label: 'Salvare interogare curentă...',
            new_dialog_title: 'Salvare interogare curentă ca',
            remove_label: 'Eliminare interogare salvată',
            remove_label_with_name: 'Eliminare interogare „%{name}”',
            remove_dialog_title: 'Eliminați interogarea salvată?',
            remove_message:
                'Sigur doriți să eliminați acest element din lista interogărilor salvate?',
            help: 'Filtrați lista și salvați această interogare pentru mai târziu',
        },
        guesser: {
            empty: {
                title: 'Nu există date de afișat',
                message: 'Verificați furnizorul de date (dataProvider)',
            },
        },
        configurable: {
            customize: 'Personalizare',
            configureMode: 'Configurare pagină',
            inspector: {
                title: 'Panou de inspecție',
                content: 'Treceți cu mouse-ul peste elementele interfeței pentru a le configura',
                reset: 'Resetare setări',
                hideAll: 'Ascundere toate',
                showAll: 'Afișare toate',
            },
            Datagrid: {
                title: 'Tabel de date',
                unlabeled: 'Coloană fără etichetă #%{column}',
            },
            SimpleForm: {
                title: 'Formular',
                unlabeled: 'Câmp fără etichetă #%{input}',
            },
            SimpleList: {
                title: 'Listă',
                primaryText: 'Text principal',
                secondaryText: 'Text secundar',
                tertiaryText: 'Text terțiar',
            },
        },
    },
};

export default romanianMessages;
