import type { TranslationMessages } from 'ra-core';

/**
 * react-admin's `ra.*` texts in Slovenian (key set of ra-language-english 5.15.4). Plurals have
 * polyglot's four Slovenian forms: …01 | …02 | …03–…04 | other; the first form also serves
 * 101, 201…, so it always shows the count.
 */
const slovenianMessages: TranslationMessages = {
    ra: {
        action: {
            add_filter: 'Dodaj filter',
            add: 'Dodaj',
            back: 'Nazaj',
            bulk_actions:
                'Izbran je %{smart_count} element |||| Izbrana sta %{smart_count} elementa |||| Izbrani so %{smart_count} elementi |||| Izbranih je %{smart_count} elementov',
            cancel: 'Prekliči',
            clear_array_input: 'Počisti seznam',
            clear_input_value: 'Počisti vrednost',
            clone: 'Podvoji',
            confirm: 'Potrdi',
            create: 'Ustvari',
            create_item: 'Ustvari %{item}',
            delete: 'Izbriši',
            edit: 'Uredi',
            export: 'Izvozi',
            list: 'Seznam',
            refresh: 'Osveži',
            remove_filter: 'Odstrani ta filter',
            remove_all_filters: 'Odstrani vse filtre',
            remove: 'Odstrani',
            reset: 'Ponastavi',
            save: 'Shrani',
            search: 'Išči',
            search_columns: 'Išči stolpce',
            select_all: 'Izberi vse',
            select_all_button: 'Izberi vse',
            select_row: 'Izberi to vrstico',
            show: 'Prikaži',
            sort: 'Razvrsti',
            undo: 'Razveljavi',
            unselect: 'Prekliči izbiro',
            expand: 'Razširi',
            close: 'Zapri',
            open_menu: 'Odpri meni',
            close_menu: 'Zapri meni',
            update: 'Posodobi',
            move_up: 'Premakni gor',
            move_down: 'Premakni dol',
            open: 'Odpri',
            toggle_theme: 'Preklopi svetli/temni način',
            select_columns: 'Stolpci',
            update_application: 'Znova naloži aplikacijo',
        },
        boolean: {
            true: 'Da',
            false: 'Ne',
            null: '\u2003',
        },
        page: {
            create: 'Ustvarjanje: %{name}',
            dashboard: 'Nadzorna plošča',
            edit: '%{name} %{recordRepresentation}',
            error: 'Prišlo je do napake',
            list: '%{name}',
            loading: 'Nalaganje',
            not_found: 'Ni najdeno',
            show: '%{name} %{recordRepresentation}',
            empty: 'Zaenkrat ni zapisov: %{name}.',
            invite: 'Ali želite dodati nov zapis?',
            access_denied: 'Dostop zavrnjen',
            authentication_error: 'Napaka pri preverjanju pristnosti',
        },
        input: {
            file: {
                upload_several:
                    'Povlecite datoteke sem, da jih naložite, ali kliknite, da izberete eno.',
                upload_single:
                    'Povlecite datoteko sem, da jo naložite, ali kliknite, da jo izberete.',
            },
            image: {
                upload_several:
                    'Povlecite slike sem, da jih naložite, ali kliknite, da izberete eno.',
                upload_single: 'Povlecite sliko sem, da jo naložite, ali kliknite, da jo izberete.',
            },
            references: {
                all_missing: 'Povezanih podatkov ni mogoče najti.',
                many_missing: 'Vsaj eden od povezanih zapisov očitno ni več na voljo.',
                single_missing: 'Povezani zapis očitno ni več na voljo.',
            },
            password: {
                toggle_visible: 'Skrij geslo',
                toggle_hidden: 'Pokaži geslo',
            },
        },
        message: {
            about: 'O aplikaciji',
            access_denied: 'Nimate ustreznih dovoljenj za dostop do te strani',
            are_you_sure: 'Ali ste prepričani?',
            authentication_error:
                'Strežnik za preverjanje pristnosti je vrnil napako, zato vaših poverilnic ni bilo mogoče preveriti.',
            auth_error: 'Pri preverjanju žetona za preverjanje pristnosti je prišlo do napake.',
            bulk_delete_content:
                'Ali ste prepričani, da želite izbrisati %{smart_count} element (%{name})? |||| Ali ste prepričani, da želite izbrisati ta %{smart_count} elementa? |||| Ali ste prepričani, da želite izbrisati te %{smart_count} elemente? |||| Ali ste prepričani, da želite izbrisati teh %{smart_count} elementov?',
            bulk_delete_title:
                'Brisanje: %{smart_count} %{name} |||| Brisanje: %{smart_count} %{name} |||| Brisanje: %{smart_count} %{name} |||| Brisanje: %{smart_count} %{name}',
            bulk_update_content:
                'Ali ste prepričani, da želite posodobiti %{smart_count} element (%{name})? |||| Ali ste prepričani, da želite posodobiti ta %{smart_count} elementa? |||| Ali ste prepričani, da želite posodobiti te %{smart_count} elemente? |||| Ali ste prepričani, da želite posodobiti teh %{smart_count} elementov?',
            bulk_update_title:
                'Posodobitev: %{smart_count} %{name} |||| Posodobitev: %{smart_count} %{name} |||| Posodobitev: %{smart_count} %{name} |||| Posodobitev: %{smart_count} %{name}',
            clear_array_input: 'Ali ste prepričani, da želite počistiti celoten seznam?',
            delete_content: 'Ali ste prepričani, da želite izbrisati ta zapis (%{name})?',
            delete_title: 'Brisanje: %{name} %{recordRepresentation}',
            details: 'Podrobnosti',
            error: 'V odjemalcu je prišlo do napake, zato vaše zahteve ni bilo mogoče dokončati.',
            invalid_form: 'Obrazec ni veljaven. Preverite napake.',
            loading: 'Počakajte',
            no: 'Ne',
            not_found: 'Vnesli ste napačen URL ali sledili neveljavni povezavi.',
            select_all_limit_reached:
                'Elementov je preveč, da bi jih izbrali vse. Izbranih je samo prvih %{max}.',
            unsaved_changes: 'Nekatere spremembe niso bile shranjene. Ali jih res želite zavreči?',
            yes: 'Da',
            placeholder_data_warning: 'Težava z omrežjem: podatkov ni bilo mogoče osvežiti.',
        },
        navigation: {
            clear_filters: 'Počisti filtre',
            no_filtered_results: 'Za trenutne filtre ni rezultatov: %{name}.',
            no_results: 'Ni rezultatov: %{name}',
            no_more_results:
                'Stran številka %{page} je zunaj obsega. Poskusite s prejšnjo stranjo.',
            page_out_of_boundaries: 'Stran številka %{page} je zunaj obsega',
            page_out_from_end: 'Za zadnjo stranjo ni več strani',
            page_out_from_begin: 'Pred stranjo 1 ni strani',
            page_range_info: '%{offsetBegin}-%{offsetEnd} od %{total}',
            partial_page_range_info: '%{offsetBegin}-%{offsetEnd} od več kot %{offsetEnd}',
            current_page: 'Stran %{page}',
            page: 'Pojdi na stran %{page}',
            first: 'Pojdi na prvo stran',
            last: 'Pojdi na zadnjo stran',
            next: 'Pojdi na naslednjo stran',
            previous: 'Pojdi na prejšnjo stran',
            page_rows_per_page: 'Vrstic na stran:',
            skip_nav: 'Preskoči na vsebino',
        },
        sort: {
            sort_by: 'Razvrsti po: %{field_lower_first} (%{order})',
            ASC: 'naraščajoče',
            DESC: 'padajoče',
        },
        auth: {
            auth_check_error: 'Za nadaljevanje se prijavite',
            user_menu: 'Profil',
            username: 'Uporabniško ime',
            password: 'Geslo',
            email: 'E-pošta',
            sign_in: 'Prijava',
            sign_in_error: 'Preverjanje pristnosti ni uspelo, poskusite znova',
            logout: 'Odjava',
        },
        notification: {
            updated:
                'Posodobljen je %{smart_count} element |||| Posodobljena sta %{smart_count} elementa |||| Posodobljeni so %{smart_count} elementi |||| Posodobljenih je %{smart_count} elementov',
            created: 'Element je ustvarjen',
            deleted:
                'Izbrisan je %{smart_count} element |||| Izbrisana sta %{smart_count} elementa |||| Izbrisani so %{smart_count} elementi |||| Izbrisanih je %{smart_count} elementov',
            bad_item: 'Neveljaven element',
            item_doesnt_exist: 'Element ne obstaja',
            http_error: 'Napaka pri komunikaciji s strežnikom',
            data_provider_error: 'Napaka v dataProviderju. Podrobnosti so v konzoli.',
            i18n_error: 'Prevodov za izbrani jezik ni mogoče naložiti',
            canceled: 'Dejanje je preklicano',
            logged_out: 'Vaša seja je potekla, znova se prijavite.',
            not_authorized: 'Nimate dovoljenja za dostop do tega vira.',
            application_update_available: 'Na voljo je nova različica.',
            offline: 'Ni povezave. Podatkov ni bilo mogoče pridobiti.',
        },
        validation: {
            required: 'Obvezno',
            minLength: 'Najmanjše število znakov: %{min}',
            maxLength: 'Največje število znakov: %{max}',
            minValue: 'Biti mora vsaj %{min}',
            maxValue: 'Biti sme največ %{max}',
            number: 'Biti mora število',
            email: 'Biti mora veljaven e-poštni naslov',
            oneOf: 'Biti mora ena od vrednosti: %{options}',
            regex: 'Ustrezati mora določeni obliki (regularni izraz): %{pattern}',
            unique: 'Biti mora enolično',
        },
        saved_queries: {
            label: 'Shranjene poizvedbe',
            query_name: 'Ime poizvedbe',
            new_label: 'Shrani trenutno poizvedbo ...',
            new_dialog_title: 'Shrani trenutno poizvedbo kot',
            remove_label: 'Odstrani shranjeno poizvedbo',
            remove_label_with_name: 'Odstrani poizvedbo »%{name}«',
            remove_dialog_title: 'Želite odstraniti shranjeno poizvedbo?',
            remove_message:
                'Ali ste prepričani, da želite ta element odstraniti s seznama shranjenih poizvedb?',
            help: 'Filtrirajte seznam in shranite to poizvedbo za pozneje',
        },
        guesser: {
            empty: {
                title: 'Ni podatkov za prikaz',
                message: 'Preverite svojega ponudnika podatkov (dataProvider)',
            },
        },
        configurable: {
            customize: 'Prilagodi',
            configureMode: 'Konfiguriraj to stran',
            inspector: {
                title: 'Pregledovalnik',
                content: 'Premaknite miškin kazalec nad elemente vmesnika, da jih konfigurirate',
                reset: 'Ponastavi nastavitve',
                hideAll: 'Skrij vse',
                showAll: 'Prikaži vse',
            },
            Datagrid: {
                title: 'Podatkovna tabela',
                unlabeled: 'Neoznačen stolpec št. %{column}',
            },
            SimpleForm: {
                title: 'Obrazec',
                unlabeled: 'Neoznačeno polje št. %{input}',
            },
            SimpleList: {
                title: 'Seznam',
                primaryText: 'Primarno besedilo',
                secondaryText: 'Sekundarno besedilo',
                tertiaryText: 'Terciarno besedilo',
            },
        },
    },
};

export default slovenianMessages;
