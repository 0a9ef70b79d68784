/** Street name parts per naming style (kept compact; prettier leaves data/ folders alone). */

export type NameStyle = 'de' | 'at' | 'it' | 'fr';
export type NameClass = 'residential' | 'urban' | 'arterial' | 'highway';

const germanRoots = [
    'Linden', 'Birken', 'Eichen', 'Buchen', 'Ahorn', 'Kastanien', 'Erlen', 'Tannen', 'Rosen',
    'Tulpen', 'Nelken', 'Flieder', 'Goethe', 'Schiller', 'Lessing', 'Heine', 'Mozart',
    'Beethoven', 'Bach', 'Händel', 'Kant', 'Humboldt', 'Bahnhof', 'Kirch', 'Schul', 'Markt',
    'Garten', 'Wiesen', 'Feld', 'Berg', 'Mühlen', 'Sonnen', 'Brunnen', 'Post', 'Park', 'Wald',
    'Hafen', 'Burg', 'Rathaus', 'Blumen', 'Kloster', 'Schloss', 'Fichten', 'Weiden', 'Holunder',
    'Hasel', 'Amsel', 'Drossel', 'Finken', 'Lerchen', 'Schwalben', 'Falken', 'Adler', 'Hirsch',
    'Dorf', 'Anger', 'Brücken', 'Quellen', 'Mühlbach', 'Talblick',
];
const italianRoots = [
    'Roma', 'Garibaldi', 'Mazzini', 'Cavour', 'Dante Alighieri', 'Giuseppe Verdi',
    'Alessandro Manzoni', 'Guglielmo Marconi', 'Giacomo Leopardi', 'dei Mille', 'XX Settembre',
    'Vittorio Emanuele II', 'San Francesco', 'della Repubblica', 'delle Rose', 'dei Tigli',
    'dei Pini', 'del Lavoro', 'Torino', 'Milano', 'Venezia', 'Trieste', 'Firenze',
    'Galileo Galilei', 'Francesco Petrarca', 'Giovanni Pascoli', 'Giosuè Carducci',
    'Giacomo Matteotti', 'Antonio Gramsci', 'Alessandro Volta', 'dei Gelsi', 'delle Querce',
    'dei Castagni', 'San Giovanni', 'Santa Maria', 'San Marco', 'della Libertà', 'IV Novembre',
    'degli Alpini', 'delle Vigne', 'del Mulino', 'della Stazione', 'Monte Grappa', 'Piave',
    'Luigi Pirandello', 'Cesare Battisti', 'Nazario Sauro', 'Ugo Foscolo', 'dei Mercanti',
    'della Chiesa',
];
const frenchRoots = [
    'de la Paix', 'Victor Hugo', 'Jean Jaurès', 'Pasteur', 'de la République', 'du Moulin',
    'des Écoles', 'de la Gare', 'des Lilas', 'des Roses', 'Voltaire', 'Émile Zola', 'du Château',
    "de l'Église", 'des Tilleuls', 'Jules Ferry', 'Gambetta', 'Carnot', 'du Stade', 'des Acacias',
    'du Marché', 'de Verdun', 'de la Fontaine', 'Molière', 'Saint-Martin', 'des Peupliers',
    'des Cerisiers', 'du Lac', 'de la Poste', 'des Vergers', 'Lamartine', 'Racine', 'des Jardins',
    'du Pont', 'de la Forêt', 'des Vignes', 'du Port', 'de Lyon', 'de Genève', 'des Prés',
    'Pierre Curie', 'Anatole France', 'du Parc', 'des Alpes', 'du Rhône', 'des Marronniers',
    'du Collège', 'des Sports', 'de la Mairie', 'des Champs',
];

/** How a root becomes a street name, per style and class: `{}` is the root. */
export const streetPatterns: Record<NameStyle, Record<Exclude<NameClass, 'highway'>, readonly string[]>> = {
    de: {
        residential: ['{}straße', '{}weg', '{}pfad', 'Am {}hang'],
        urban: ['{}straße', 'Alte {}straße', '{}gasse'],
        arterial: ['{}allee', '{}ring', '{}damm', 'Große {}straße'],
    },
    at: {
        residential: ['{}gasse', '{}weg', '{}straße', 'Am {}hang'],
        urban: ['{}straße', '{}gasse', 'Obere {}gasse'],
        arterial: ['{}gürtel', '{}allee', '{}straße', '{}ring'],
    },
    it: {
        residential: ['Via {}', 'Vicolo {}', 'Via {}', 'Largo {}'],
        urban: ['Via {}', 'Borgo {}', 'Via {}'],
        arterial: ['Viale {}', 'Corso {}'],
    },
    fr: {
        residential: ['Rue {}', 'Chemin {}', 'Allée {}', 'Impasse {}'],
        urban: ['Rue {}', 'Passage {}', 'Rue {}'],
        arterial: ['Avenue {}', 'Boulevard {}', 'Route {}'],
    },
};

export const streetRoots: Record<NameStyle, readonly string[]> = {
    de: germanRoots,
    at: germanRoots,
    it: italianRoots,
    fr: frenchRoots,
};
