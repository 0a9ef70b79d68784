import type { UsernameRule as DomainUsernameRule } from '../../../domain/userRules.js';
/**
 * The three demo organisations with their regions and depot cities (real coordinates of the
 * city centres; the generator moves each depot a little towards the outskirts).
 */

export type UsernameRule = Extract<DomainUsernameRule, 'DEFAULT' | 'ITALIAN'>;

export interface DemoCity {
    locality: string;
    postcode: string;
    latitude: number;
    longitude: number;
    countryCode: string;
    /** Two-letter province code, used by the Italian username rule. */
    province: string;
}

interface DemoRegion {
    name: string;
    countryCode: string;
    cities: readonly DemoCity[];
}

export interface DemoOrganisation {
    id: string;
    name: string;
    countryCode: string;
    timeZone: string;
    businessHours: { from: string; to: string };
    /** Demo e-mail domain of the organisation's staff. */
    emailDomain: string;
    /** How driver usernames look (spec-decisions: Usernames of driver accounts). */
    usernameRule: UsernameRule;
    regions: readonly DemoRegion[];
}

const city = (locality: string, postcode: string, latitude: number, longitude: number, countryCode: string, province: string): DemoCity => ({
    locality,
    postcode,
    latitude,
    longitude,
    countryCode,
    province,
});

export const demoOrganisations: readonly DemoOrganisation[] = [
    {
        id: 'nordpaket',
        name: 'NordPaket Logistik',
        countryCode: 'DE',
        timeZone: 'Europe/Berlin',
        businessHours: { from: '06:00', to: '21:00' },
        emailDomain: 'nordpaket.example.com',
        usernameRule: 'DEFAULT',
        regions: [
            {
                name: 'Nord',
                countryCode: 'DE',
                cities: [
                    city('Hamburg', '22113', 53.5511, 9.9937, 'DE', 'HH'),
                    city('Bremen', '28197', 53.0793, 8.8017, 'DE', 'HB'),
                    city('Hannover', '30179', 52.3759, 9.732, 'DE', 'HA'),
                    city('Berlin', '12099', 52.52, 13.405, 'DE', 'BE'),
                ],
            },
            {
                name: 'Süd',
                countryCode: 'DE',
                cities: [
                    city('München', '81829', 48.1351, 11.582, 'DE', 'MU'),
                    city('Stuttgart', '70327', 48.7758, 9.1829, 'DE', 'ST'),
                    city('Nürnberg', '90451', 49.4521, 11.0767, 'DE', 'NU'),
                    city('Frankfurt am Main', '60386', 50.1109, 8.6821, 'DE', 'FR'),
                ],
            },
            {
                name: 'Österreich',
                countryCode: 'AT',
                cities: [
                    city('Wien', '1230', 48.2082, 16.3738, 'AT', 'WI'),
                    city('Graz', '8055', 47.0707, 15.4395, 'AT', 'GR'),
                    city('Linz', '4030', 48.3069, 14.2858, 'AT', 'LI'),
                ],
            },
        ],
    },
    {
        id: 'pacchi-veloci',
        name: 'Pacchi Veloci S.p.A.',
        countryCode: 'IT',
        timeZone: 'Europe/Rome',
        businessHours: { from: '07:00', to: '20:00' },
        emailDomain: 'pacchi-veloci.example.com',
        usernameRule: 'ITALIAN',
        regions: [
            {
                name: 'Nord',
                countryCode: 'IT',
                cities: [
                    city('Milano', '20138', 45.4642, 9.19, 'IT', 'MI'),
                    city('Torino', '10156', 45.0703, 7.6869, 'IT', 'TO'),
                    city('Bologna', '40138', 44.4949, 11.3426, 'IT', 'BO'),
                    city('Verona', '37137', 45.4384, 10.9916, 'IT', 'VR'),
                ],
            },
            {
                name: 'Centro-Sud',
                countryCode: 'IT',
                cities: [
                    city('Roma', '00173', 41.9028, 12.4964, 'IT', 'RM'),
                    city('Napoli', '80146', 40.8518, 14.2681, 'IT', 'NA'),
                    city('Firenze', '50145', 43.7696, 11.2558, 'IT', 'FI'),
                    city('Bari', '70132', 41.1171, 16.8719, 'IT', 'BA'),
                ],
            },
        ],
    },
    {
        id: 'colis-express',
        name: 'Colis Express',
        countryCode: 'FR',
        timeZone: 'Europe/Paris',
        businessHours: { from: '06:30', to: '20:30' },
        emailDomain: 'colis-express.example.com',
        usernameRule: 'DEFAULT',
        regions: [
            {
                name: 'Île-de-France et Nord',
                countryCode: 'FR',
                cities: [city('Paris', '75019', 48.8566, 2.3522, 'FR', 'PA'), city('Lille', '59000', 50.6292, 3.0573, 'FR', 'LI')],
            },
            {
                name: 'Sud',
                countryCode: 'FR',
                cities: [
                    city('Lyon', '69007', 45.764, 4.8357, 'FR', 'LY'),
                    city('Marseille', '13014', 43.2965, 5.3698, 'FR', 'MA'),
                    city('Toulouse', '31200', 43.6047, 1.4442, 'FR', 'TO'),
                    city('Bordeaux', '33300', 44.8378, -0.5792, 'FR', 'BO'),
                ],
            },
            {
                name: 'Suisse romande',
                countryCode: 'CH',
                cities: [city('Genève', '1203', 46.2044, 6.1432, 'CH', 'GE'), city('Lausanne', '1004', 46.5197, 6.6323, 'CH', 'VD')],
            },
        ],
    },
];

/** E-mail domain of the platform's own staff (admins), who belong to no organisation. */
export const platformEmailDomain = 'backoffice.example.com';
