import type { NameLanguage } from './countries.js';

/** Common first and last names per language, for drivers and back-office staff. */
export interface NameList {
    first: readonly string[];
    last: readonly string[];
}

export const demoNames: Record<NameLanguage, NameList> = {
    de: {
        first: [
            'Anna', 'Lena', 'Julia', 'Laura', 'Sarah', 'Lisa', 'Katharina', 'Sophie', 'Marie', 'Hannah',
            'Jana', 'Nina', 'Sabine', 'Petra', 'Monika', 'Claudia', 'Birgit', 'Andrea', 'Stefanie', 'Melanie',
            'Lukas', 'Jonas', 'Leon', 'Felix', 'Maximilian', 'Paul', 'Tobias', 'Florian', 'Sebastian', 'Daniel',
            'Michael', 'Thomas', 'Andreas', 'Stefan', 'Markus', 'Christian', 'Jürgen', 'Uwe', 'Matthias', 'Niklas',
            'Mehmet', 'Ali', 'Emre', 'Piotr', 'Tomasz', 'Dragan', 'Luca', 'Jan', 'Tim', 'Kai',
        ],
        last: [
            'Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Meyer', 'Wagner', 'Becker', 'Schulz', 'Hoffmann',
            'Schäfer', 'Koch', 'Bauer', 'Richter', 'Klein', 'Wolf', 'Schröder', 'Neumann', 'Schwarz', 'Zimmermann',
            'Braun', 'Krüger', 'Hofmann', 'Hartmann', 'Lange', 'Schmitt', 'Werner', 'Schmitz', 'Krause', 'Meier',
            'Lehmann', 'Schmid', 'Schulze', 'Maier', 'Köhler', 'Herrmann', 'König', 'Walter', 'Mayer', 'Huber',
            'Kaiser', 'Fuchs', 'Peters', 'Lang', 'Scholz', 'Yılmaz', 'Kowalski', 'Nowak', 'Gruber', 'Pichler',
        ],
    },
    it: {
        first: [
            'Giulia', 'Francesca', 'Chiara', 'Sara', 'Martina', 'Valentina', 'Alessia', 'Federica', 'Elena', 'Silvia',
            'Laura', 'Paola', 'Roberta', 'Giorgia', 'Ilaria', 'Simona', 'Elisa', 'Anna', 'Maria', 'Beatrice',
            'Marco', 'Alessandro', 'Andrea', 'Luca', 'Matteo', 'Lorenzo', 'Francesco', 'Davide', 'Simone', 'Federico',
            'Giuseppe', 'Antonio', 'Giovanni', 'Roberto', 'Stefano', 'Paolo', 'Massimo', 'Fabio', 'Riccardo', 'Salvatore',
            'Vincenzo', 'Gabriele', 'Emanuele', 'Nicola', 'Pietro', 'Claudio', 'Daniele', 'Mattia', 'Tommaso', 'Enzo',
        ],
        last: [
            'Rossi', 'Russo', 'Ferrari', 'Esposito', 'Bianchi', 'Romano', 'Colombo', 'Ricci', 'Marino', 'Greco',
            'Bruno', 'Gallo', 'Conti', 'De Luca', 'Mancini', 'Costa', 'Giordano', 'Rizzo', 'Lombardi', 'Moretti',
            'Barbieri', 'Fontana', 'Santoro', 'Mariani', 'Rinaldi', 'Caruso', 'Ferrara', 'Galli', 'Martini', 'Leone',
            'Longo', 'Gentile', 'Martinelli', 'Vitale', 'Lombardo', 'Serra', 'Coppola', 'De Santis', "D'Angelo", 'Marchetti',
            'Parisi', 'Villa', 'Conte', 'Ferri', 'Fabbri', 'Bianco', 'Marini', 'Grasso', 'Valentini', 'Messina',
        ],
    },
    fr: {
        first: [
            'Camille', 'Léa', 'Manon', 'Chloé', 'Emma', 'Inès', 'Sarah', 'Julie', 'Marie', 'Claire',
            'Nathalie', 'Isabelle', 'Sophie', 'Céline', 'Aurélie', 'Élodie', 'Amandine', 'Pauline', 'Lucie', 'Margaux',
            'Thomas', 'Nicolas', 'Julien', 'Maxime', 'Alexandre', 'Antoine', 'Hugo', 'Lucas', 'Louis', 'Théo',
            'Pierre', 'Jean', 'Philippe', 'Laurent', 'Olivier', 'François', 'Sébastien', 'Mathieu', 'Romain', 'Guillaume',
            'Karim', 'Mehdi', 'Yassine', 'Mamadou', 'Rui', 'João', 'Kevin', 'Damien', 'Cédric', 'Loïc',
        ],
        last: [
            'Martin', 'Bernard', 'Thomas', 'Petit', 'Robert', 'Richard', 'Durand', 'Dubois', 'Moreau', 'Laurent',
            'Simon', 'Michel', 'Lefèvre', 'Leroy', 'Roux', 'David', 'Bertrand', 'Morel', 'Fournier', 'Girard',
            'Bonnet', 'Dupont', 'Lambert', 'Fontaine', 'Rousseau', 'Vincent', 'Muller', 'Lefebvre', 'Faure', 'André',
            'Mercier', 'Blanc', 'Guérin', 'Boyer', 'Garnier', 'Chevalier', 'François', 'Legrand', 'Gauthier', 'Garcia',
            'Perrin', 'Robin', 'Clément', 'Morin', 'Nicolas', 'Henry', 'Roussel', 'Mathieu', 'Gautier', 'Da Silva',
        ],
    },
};

/** Company name patterns per language; `{last}` and `{city}` are filled in. */
export const companyPatterns: Record<NameLanguage, readonly string[]> = {
    de: ['{last} Logistik GmbH', '{last} Transporte GmbH', 'Kurierdienst {last}', '{city} Express GmbH', '{last} & Söhne KG', 'Paketservice {last} e.K.'],
    it: ['Trasporti {last} S.r.l.', '{last} Logistica S.r.l.', '{last} & Figli S.n.c.', 'Corrieri {city} S.r.l.', 'Consegne {last} S.a.s.'],
    fr: ['Transports {last} SARL', '{last} Livraisons SAS', 'Express {city} SARL', '{last} et Fils', 'Coursiers {last} SAS'],
};

/** Words for memorable demo passwords. */
export const passwordWords: readonly string[] = [
    'amber', 'birch', 'cedar', 'delta', 'falcon', 'harbor', 'juniper', 'kestrel', 'lantern', 'maple',
    'nimbus', 'orchid', 'pebble', 'quartz', 'raven', 'saffron', 'tundra', 'willow', 'canyon', 'glacier',
    'meadow', 'summit', 'comet', 'lagoon', 'prairie', 'thistle', 'beacon', 'cobalt', 'ember', 'fjord',
];
