/** Per-country facts the demo data needs: language of names, time zone, phone number shapes, street names. */

export type NameLanguage = 'de' | 'it' | 'fr';

export interface DemoCountry {
    code: string;
    language: NameLanguage;
    timeZone: string;
    callingCode: string;
    /** National mobile prefixes (after the calling code) and how many digits follow them. */
    mobilePrefixes: readonly string[];
    mobileDigits: number;
    landlineAreas: readonly string[];
    landlineDigits: number;
    /** Word put before the city in depot names. */
    depotLabel: string;
    streets: readonly string[];
}

const germanStreets = [
    'Industriestraße',
    'Gewerbering',
    'Am Güterbahnhof',
    'Hafenstraße',
    'Carl-Benz-Straße',
    'Robert-Bosch-Straße',
    'Otto-Hahn-Straße',
    'Siemensstraße',
    'Im Gewerbepark',
    'Daimlerstraße',
];
const frenchStreets = [
    "Rue de l'Industrie",
    'Avenue des Entrepreneurs',
    'Rue du Commerce',
    'Rue Gustave Eiffel',
    "Boulevard de l'Europe",
    'Rue des Artisans',
    'Chemin des Vignes',
    'Rue Denis Papin',
];

const demoCountries: Record<string, DemoCountry> = {
    DE: {
        code: 'DE',
        language: 'de',
        timeZone: 'Europe/Berlin',
        callingCode: '49',
        mobilePrefixes: ['151', '152', '157', '160', '170', '171', '172', '175', '176', '177', '178', '179'],
        mobileDigits: 8,
        landlineAreas: ['30', '40', '89', '69', '711', '511', '421', '911'],
        landlineDigits: 7,
        depotLabel: 'Depot',
        streets: germanStreets,
    },
    AT: {
        code: 'AT',
        language: 'de',
        timeZone: 'Europe/Vienna',
        callingCode: '43',
        mobilePrefixes: ['650', '660', '664', '676', '680', '681', '699'],
        mobileDigits: 7,
        landlineAreas: ['1', '316', '732', '662'],
        landlineDigits: 7,
        depotLabel: 'Depot',
        streets: germanStreets,
    },
    IT: {
        code: 'IT',
        language: 'it',
        timeZone: 'Europe/Rome',
        callingCode: '39',
        mobilePrefixes: ['320', '328', '333', '335', '338', '340', '347', '348', '349', '366', '380', '392'],
        mobileDigits: 7,
        landlineAreas: ['02', '06', '011', '051', '045', '081', '055', '080'],
        landlineDigits: 7,
        depotLabel: 'Deposito',
        streets: [
            "Via dell'Industria",
            "Via dell'Artigianato",
            'Via dei Trasporti',
            'Via del Commercio',
            'Via Enrico Fermi',
            'Via Guglielmo Marconi',
            'Via delle Officine',
            'Viale Europa',
        ],
    },
    FR: {
        code: 'FR',
        language: 'fr',
        timeZone: 'Europe/Paris',
        callingCode: '33',
        mobilePrefixes: ['6', '7'],
        mobileDigits: 8,
        landlineAreas: ['1', '2', '3', '4', '5'],
        landlineDigits: 8,
        depotLabel: 'Agence',
        streets: frenchStreets,
    },
    CH: {
        code: 'CH',
        language: 'fr',
        timeZone: 'Europe/Zurich',
        callingCode: '41',
        mobilePrefixes: ['76', '77', '78', '79'],
        mobileDigits: 7,
        landlineAreas: ['21', '22', '24', '26'],
        landlineDigits: 7,
        depotLabel: 'Agence',
        streets: ['Route de Meyrin', 'Chemin du Pont-du-Centenaire', 'Rue de Lyon', 'Avenue de Sévelin', 'Route des Jeunes', 'Chemin de la Marbrerie'],
    },
};

/** The country record for a code; throws for codes the demo data does not use. */
export function demoCountry(code: string): DemoCountry {
    const country = demoCountries[code];
    if (!country) throw new Error(`no demo country ${code}`);
    return country;
}
