import type { TranslationMessages } from 'ra-core';

/**
 * react-admin's `ra.*` texts in Croatian (key set of ra-language-english 5.15.4). Plurals have
 * three forms: 1, 21, 31… | 2–4, 22–24… | 0, 5–20, 25…; the first form also serves 21, 31…,
 * so it always shows the count.
 */
const croatianMessages: TranslationMessages = {
    ra: {
        action: {
            add_filter: 'Dodaj filtar',
            add: 'Dodaj',
            back: 'Natrag',
            bulk_actions:
                'Odabrana je %{smart_count} stavka |||| Odabrane su %{smart_count} stavke |||| Odabrano je %{smart_count} stavki',
            cancel: 'Odustani',
            clear_array_input: 'Isprazni popis',
            clear_input_value: 'Izbriši vrijednost',
            clone: 'Dupliciraj',
            confirm: 'Potvrdi',
            create: 'Stvori',
            create_item: 'Stvori %{item}',
            delete: 'Izbriši',
            edit: 'Uredi',
            export: 'Izvezi',
            list: 'Popis',
            refresh: 'Osvježi',
            remove_filter: 'Ukloni ovaj filtar',
            remove_all_filters: 'Ukloni sve filtre',
            remove: 'Ukloni',
            reset: 'Vrati na zadano',
            save: 'Spremi',
            search: 'Pretraži',
            search_columns: 'Pretraži stupce',
            select_all: 'Odaberi sve',
            select_all_button: 'Odaberi sve',
            select_row: 'Odaberi ovaj redak',
            show: 'Prikaži',
            sort: 'Sortiraj',
            undo: 'Poništi',
            unselect: 'Poništi odabir',
            expand: 'Proširi',
            close: 'Zatvori',
            open_menu: 'Otvori izbornik',
            close_menu: 'Zatvori izbornik',
            update: 'Ažuriraj',
            move_up: 'Pomakni gore',
            move_down: 'Pomakni dolje',
            open: 'Otvori',
            toggle_theme: 'Prebaci svijetli/tamni način',
            select_columns: 'Stupci',
            update_application: 'Ponovno učitaj aplikaciju',
        },
        boolean: {
            true: 'Da',
            false: 'Ne',
            null: '\u2003',
        },
        page: {
            create: 'Stvaranje: %{name}',
            dashboard: 'Nadzorna ploča',
            edit: '%{name} %{recordRepresentation}',
            error: 'Nešto je pošlo po zlu',
            list: '%{name}',
            loading: 'Učitavanje',
            not_found: 'Nije pronađeno',
            show: '%{name} %{recordRepresentation}',
            empty: 'Još nema zapisa: %{name}.',
            invite: 'Želite li dodati novi zapis?',
            access_denied: 'Pristup odbijen',
            authentication_error: 'Pogreška autentifikacije',
        },
        input: {
            file: {
                upload_several: 'Ispustite datoteke za prijenos ili kliknite za odabir jedne.',
                upload_single: 'Ispustite datoteku za prijenos ili kliknite za njezin odabir.',
            },
            image: {
                upload_several: 'Ispustite slike za prijenos ili kliknite za odabir jedne.',
                upload_single: 'Ispustite sliku za prijenos ili kliknite za njezin odabir.',
            },
            references: {
                all_missing: 'Nije moguće pronaći povezane podatke.',
                many_missing: 'Čini se da barem jedan od povezanih zapisa više nije dostupan.',
                single_missing: 'Čini se da povezani zapis više nije dostupan.',
            },
            password: {
                toggle_visible: 'Sakrij lozinku',
                toggle_hidden: 'Prikaži lozinku',
            },
        },
        message: {
            about: 'O aplikaciji',
            access_denied: 'Nemate potrebna dopuštenja za pristup ovoj stranici',
            are_you_sure: 'Jeste li sigurni?',
            authentication_error:
                'Poslužitelj za autentifikaciju vratio je pogrešku i vaše vjerodajnice nije bilo moguće provjeriti.',
            auth_error: 'Došlo je do pogreške pri provjeri tokena za autentifikaciju.',
            bulk_delete_content:
                'Jeste li sigurni da želite izbrisati %{smart_count} stavku (%{name})? |||| Jeste li sigurni da želite izbrisati ove %{smart_count} stavke? |||| Jeste li sigurni da želite izbrisati ovih %{smart_count} stavki?',
            bulk_delete_title:
                'Brisanje: %{smart_count} %{name} |||| Brisanje: %{smart_count} %{name} |||| Brisanje: %{smart_count} %{name}',
            bulk_update_content:
                'Jeste li sigurni da želite ažurirati %{smart_count} stavku (%{name})? |||| Jeste li sigurni da želite ažurirati ove %{smart_count} stavke? |||| Jeste li sigurni da želite ažurirati ovih %{smart_count} stavki?',
            bulk_update_title:
                'Ažuriranje: %{smart_count} %{name} |||| Ažuriranje: %{smart_count} %{name} |||| Ažuriranje: %{smart_count} %{name}',
            clear_array_input: 'Jeste li sigurni da želite isprazniti cijeli popis?',
            delete_content: 'Jeste li sigurni da želite izbrisati ovaj zapis (%{name})?',
            delete_title: 'Brisanje: %{name} %{recordRepresentation}',
            details: 'Pojedinosti',
            error: 'Došlo je do pogreške na klijentu i vaš zahtjev nije bilo moguće dovršiti.',
            invalid_form: 'Obrazac nije valjan. Provjerite pogreške.',
            loading: 'Pričekajte',
            no: 'Ne',
            not_found: 'Upisali ste pogrešan URL ili ste slijedili neispravnu poveznicu.',
            select_all_limit_reached:
                'Stavki je previše da bi se sve odabrale. Odabrano je samo prvih %{max}.',
            unsaved_changes:
                'Neke promjene nisu spremljene. Jeste li sigurni da ih želite odbaciti?',
            yes: 'Da',
            placeholder_data_warning: 'Problem s mrežom: osvježavanje podataka nije uspjelo.',
        },
        navigation: {
            clear_filters: 'Očisti filtre',
            no_filtered_results: 'Nema rezultata za trenutačne filtre: %{name}.',
            no_results: 'Nema rezultata: %{name}',
            no_more_results:
                'Stranica broj %{page} izvan je raspona. Pokušajte s prethodnom stranicom.',
            page_out_of_boundaries: 'Stranica broj %{page} izvan je raspona',
            page_out_from_end: 'Nije moguće ići iza posljednje stranice',
            page_out_from_begin: 'Nije moguće ići ispred stranice 1',
            page_range_info: '%{offsetBegin}-%{offsetEnd} od %{total}',
            partial_page_range_info: '%{offsetBegin}-%{offsetEnd} od više od %{offsetEnd}',
            current_page: 'Stranica %{page}',
            page: 'Idi na stranicu %{page}',
            first: 'Idi na prvu stranicu',
            last: 'Idi na posljednju stranicu',
            next: 'Idi na sljedeću stranicu',
            previous: 'Idi na prethodnu stranicu',
            page_rows_per_page: 'Redaka po stranici:',
            skip_nav: 'Preskoči na sadržaj',
        },
        sort: {
            sort_by: 'Sortiraj po: %{field_lower_first} (%{order})',
            ASC: 'uzlazno',
            DESC: 'silazno',
        },
        auth: {
            auth_check_error: 'Prijavite se za nastavak',
            user_menu: 'Profil',
            username: 'Korisničko ime',
            password: 'Lozinka',
            email: 'E-pošta',
            sign_in: 'Prijava',
            sign_in_error: 'Autentifikacija nije uspjela, pokušajte ponovno',
            logout: 'Odjava',
        },
        notification: {
            updated:
                'Ažurirana je %{smart_count} stavka |||| Ažurirane su %{smart_count} stavke |||| Ažurirano je %{smart_count} stavki',
            created: 'Stavka je stvorena',
            deleted:
                'Izbrisana je %{smart_count} stavka |||| Izbrisane su %{smart_count} stavke |||| Izbrisano je %{smart_count} stavki',
            bad_item: 'Neispravna stavka',
            item_doesnt_exist: 'Stavka ne postoji',
            http_error: 'Pogreška u komunikaciji s poslužiteljem',
            data_provider_error: 'Pogreška dataProvidera. Pojedinosti potražite u konzoli.',
            i18n_error: 'Nije moguće učitati prijevode za odabrani jezik',
            canceled: 'Radnja je otkazana',
            logged_out: 'Vaša je sesija završila, ponovno se prijavite.',
            not_authorized: 'Nemate ovlasti za pristup ovom resursu.',
            application_update_available: 'Dostupna je nova verzija.',
            offline: 'Nema veze. Podatke nije bilo moguće dohvatiti.',
        },
        validation: {
            required: 'Obavezno',
            minLength: 'Najmanji broj znakova: %{min}',
            maxLength: 'Najveći broj znakova: %{max}',
            minValue: 'Mora biti najmanje %{min}',
            maxValue: 'Smije biti najviše %{max}',
            number: 'Mora biti broj',
            email: 'Mora biti valjana adresa e-pošte',
            oneOf: 'Mora biti jedna od vrijednosti: %{options}',
            regex: 'Mora odgovarati određenom formatu (regularni izraz): %{pattern}',
            unique: 'Mora biti jedinstveno',
        },
        saved_queries: {
            label: 'Spremljeni upiti',
            query_name: 'Naziv upita',
            new_label: 'Spremi trenutačni upit...',
            new_dialog_title: 'Spremi trenutačni upit kao',
            remove_label: 'Ukloni spremljeni upit',
            remove_label_with_name: 'Ukloni upit „%{name}”',
            remove_dialog_title: 'Ukloniti spremljeni upit?',
            remove_message:
                'Jeste li sigurni da želite ukloniti ovu stavku s popisa spremljenih upita?',
            help: 'Filtrirajte popis i spremite ovaj upit za kasnije',
        },
        guesser: {
            empty: {
                title: 'Nema podataka za prikaz',
                message: 'Provjerite svoj davatelj podataka (dataProvider)',
            },
        },
        configurable: {
            customize: 'Prilagodi',
            configureMode: 'Konfiguriraj ovu stranicu',
            inspector: {
                title: 'Inspektor',
                content:
                    'Postavite pokazivač miša iznad elemenata sučelja da biste ih konfigurirali',
                reset: 'Vrati postavke na zadano',
                hideAll: 'Sakrij sve',
                showAll: 'Prikaži sve',
            },
            Datagrid: {
                title: 'Podatkovna tablica',
                unlabeled: 'Neoznačeni stupac br. %{column}',
            },
            SimpleForm: {
                title: 'Obrazac',
                unlabeled: 'Neoznačeno polje br. %{input}',
            },
            SimpleList: {
                title: 'Popis',
                primaryText: 'Primarni tekst',
                secondaryText: 'Sekundarni tekst',
                tertiaryText: 'Tercijarni tekst',
            },
        },
    },
};

export default croatianMessages;
