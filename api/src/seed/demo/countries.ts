/** Per-country names, mobile numbering and addresses the demo leads are drawn from. */
import { words } from './lists.ts';

type NameGroup = { first: readonly string[]; last: readonly string[] };

const names = {
  en: {
    first: words('James Olivia Liam Emma Noah Ava William Sophia Oliver Isabella Jack Mia Harry Charlotte George Amelia'),
    last: words('Smith Johnson Williams Brown Jones Miller Davis Wilson Taylor Clark Walker Wright Hughes Evans Roberts Turner'),
  },
  de: {
    first: words('Lukas Anna Felix Laura Jonas Lea Leon Hannah Paul Sophie Maximilian Marie Tobias Julia Niklas Lena'),
    last: words('Müller Schmidt Schneider Fischer Weber Meyer Wagner Becker Schulz Hoffmann Koch Richter Klein Wolf Schröder Neumann'),
  },
  fr: {
    first: words('Lucas Chloé Hugo Léa Louis Manon Jules Camille Arthur Inès Gabriel Sarah Raphaël Julie Nathan Claire'),
    last: words('Martin Bernard Dubois Thomas Robert Richard Petit Durand Leroy Moreau Simon Laurent Lefebvre Michel Garcia Fournier'),
  },
  es: {
    first: words('Alejandro Lucía Pablo María Daniel Paula Javier Carmen Diego Sofía Sergio Elena Carlos Laura Adrián Marta'),
    last: words('García Fernández González Rodríguez López Martínez Sánchez Pérez Gómez Díaz Moreno Álvarez Romero Navarro Torres Ruiz'),
  },
  it: {
    first: words('Francesco Giulia Alessandro Sofia Lorenzo Aurora Matteo Alice Leonardo Ginevra Andrea Chiara Marco Martina Luca Elena'),
    last: words('Rossi Russo Ferrari Esposito Bianchi Romano Colombo Ricci Marino Greco Bruno Gallo Conti Costa Giordano Rizzo'),
  },
  pt: {
    first: words('João Ana Pedro Beatriz Gabriel Mariana Lucas Larissa Mateus Camila Rafael Juliana Gustavo Fernanda Thiago Letícia'),
    last: words('Silva Santos Oliveira Souza Costa Pereira Ferreira Rodrigues Almeida Carvalho Gomes Ribeiro Martins Araújo Barbosa Lima'),
  },
  nl: {
    first: words('Daan Emma Sem Julia Lucas Tess Levi Sophie Finn Anna Milan Lotte Jesse Eva Thijs Sanne'),
    last: words('Jansen Visser Smit Bakker Meijer Mulder Bos Vos Peters Hendriks Dekker Brouwer Dijkstra Kok Willems Boer'),
  },
  pl: {
    first: words('Jakub Zuzanna Antoni Julia Jan Maja Szymon Hanna Filip Lena Kacper Alicja Mateusz Oliwia Piotr Natalia'),
    last: words('Nowak Kowalski Wiśniewski Wójcik Kowalczyk Kamiński Lewandowski Zieliński Szymański Woźniak Dąbrowski Kozłowski Jankowski Mazur Krawczyk Kaczmarek'),
  },
  sv: {
    first: words('William Alice Liam Maja Noah Elsa Hugo Astrid Lucas Wilma Oscar Freja Adam Ebba Elias Alva'),
    last: words('Andersson Johansson Karlsson Nilsson Eriksson Larsson Olsson Persson Svensson Gustafsson Pettersson Jonsson Lindberg Lindqvist Berg Holm'),
  },
  ar: {
    first: words('Mohammed Fatima Ahmed Mariam Omar Aisha Ali Layla Yousef Noor Khalid Sara Hassan Huda Ibrahim Reem'),
    last: words('Haddad Mansour Khalil Nasser Saleh Hamdan Rahman Farouk Aziz Karim Qasim Jaber Hakim Sabbagh Darwish Hussein'),
  },
  hi: {
    first: words('Aarav Priya Vivaan Ananya Aditya Diya Arjun Isha Rohan Kavya Rahul Neha Vikram Pooja Karan Sneha'),
    last: words('Sharma Verma Gupta Singh Kumar Patel Reddy Iyer Nair Mehta Joshi Rao Das Kapoor Malhotra Chopra'),
  },
} satisfies Record<string, NameGroup>;

/**
 * Mobile numbering per country: every `prefix` followed by random digits up to `nationalLength` digits is a valid
 * mobile number for libphonenumber-js (max metadata), checked with 3,000–5,000 random samples per prefix when this
 * table was written and by test/demo-seed.test.ts. US/CA prefixes include the exchange's first digit (2–9).
 */
export type CountryProfile = {
  iso2: string;
  callingCode: string;
  mobilePrefixes: readonly string[];
  nationalLength: number;
  language: string;
  names: NameGroup;
  /** Relative share of leads. */
  weight: number;
  cities: readonly string[];
  streets: readonly string[];
  /** `9` a digit, `A` a capital letter, anything else literal; null: the country has no postcodes. */
  zip: string | null;
  /** "12 Main Street" rather than "Hauptstraße 12". */
  numberFirst: boolean;
};

const country = (
  iso2: string,
  callingCode: string,
  prefixes: string,
  nationalLength: number,
  language: string,
  group: NameGroup,
  weight: number,
  places: { cities: string; streets: string; zip: string | null; numberFirst?: boolean },
): CountryProfile => ({
  iso2,
  callingCode,
  mobilePrefixes: words(prefixes),
  nationalLength,
  language,
  names: group,
  weight,
  cities: places.cities.split('|'),
  streets: places.streets.split('|'),
  zip: places.zip,
  numberFirst: places.numberFirst ?? false,
});

export const countryProfiles: readonly CountryProfile[] = [
  country('US', '1', '2125 2126 2134 3055 3127 4157 6173 6464 7024 7135 8182 2063 3038 4048 5129', 10, 'en', names.en, 14, {
    cities: 'New York|Chicago|Houston|Miami|Seattle',
    streets: 'Main Street|Oak Avenue|Maple Drive',
    zip: '99999',
    numberFirst: true,
  }),
  country('CA', '1', '4162 6045 5143 4035 6137 6478 7784', 10, 'en', names.en, 5, {
    cities: 'Toronto|Vancouver|Montreal|Calgary',
    streets: 'King Street|Queen Street|Yonge Street',
    zip: 'A9A 9A9',
    numberFirst: true,
  }),
  country('GB', '44', '740 741 742 743 751 771 772 780 781 790 792 71 72 73', 10, 'en', names.en, 12, {
    cities: 'London|Manchester|Birmingham|Leeds',
    streets: 'High Street|Station Road|Church Lane',
    zip: 'AA9 9AA',
    numberFirst: true,
  }),
  country('DE', '49', '151 152 157 159 160 162 163 170 171 172 173 174 175 176 177 178 179', 11, 'de', names.de, 10, {
    cities: 'Berlin|Hamburg|München|Köln',
    streets: 'Hauptstraße|Bahnhofstraße|Gartenweg',
    zip: '99999',
  }),
  country('FR', '33', '60 61 62 64 65 66 67 68 73 74 75 76 77 78 79', 9, 'fr', names.fr, 8, {
    cities: 'Paris|Lyon|Marseille|Toulouse',
    streets: 'rue de la Paix|avenue Victor Hugo|boulevard Voltaire',
    zip: '99999',
    numberFirst: true,
  }),
  country('ES', '34', '60 61 62 63 64 65 66 67 68 69', 9, 'es', names.es, 7, { cities: 'Madrid|Barcelona|Valencia|Sevilla', streets: 'Calle Mayor|Gran Vía|Calle Real', zip: '99999' }),
  country('IT', '39', '32 33 34 35 36 37 38 39', 10, 'it', names.it, 7, { cities: 'Roma|Milano|Napoli|Torino', streets: 'Via Roma|Via Garibaldi|Corso Italia', zip: '99999' }),
  country('NL', '31', '61 62 63 64 65 68', 9, 'nl', names.nl, 4, { cities: 'Amsterdam|Rotterdam|Utrecht', streets: 'Kerkstraat|Dorpsstraat|Stationsweg', zip: '9999 AA' }),
  country('PL', '48', '50 51 53 57 60 66 69 72 73 78 79 88', 9, 'pl', names.pl, 4, { cities: 'Warszawa|Kraków|Gdańsk|Wrocław', streets: 'ul. Długa|ul. Polna|ul. Lipowa', zip: '99-999' }),
  country('AU', '61', '40 41 42 43 46', 9, 'en', names.en, 5, {
    cities: 'Sydney|Melbourne|Brisbane|Perth',
    streets: 'George Street|Collins Street|Queen Street',
    zip: '9999',
    numberFirst: true,
  }),
  country('BR', '55', '119 219 319 419 519 619 719 819', 11, 'pt', names.pt, 5, {
    cities: 'São Paulo|Rio de Janeiro|Belo Horizonte',
    streets: 'Rua das Flores|Avenida Paulista|Rua Augusta',
    zip: '99999-999',
  }),
  country('MX', '52', '55 33 81 22', 10, 'es', names.es, 4, { cities: 'Ciudad de México|Guadalajara|Monterrey|Puebla', streets: 'Avenida Reforma|Calle Hidalgo|Calle Juárez', zip: '99999' }),
  country('IN', '91', '9 98 99 97 70', 10, 'en', names.hi, 4, { cities: 'Mumbai|Delhi|Bengaluru|Chennai', streets: 'MG Road|Park Street|Station Road', zip: '999999', numberFirst: true }),
  country('ZA', '27', '60 61 62 63 64 65 71 72 73 74 76 78 79 81 82 83 84', 9, 'en', names.en, 3, {
    cities: 'Johannesburg|Cape Town|Durban',
    streets: 'Long Street|Main Road|Church Street',
    zip: '9999',
    numberFirst: true,
  }),
  country('SE', '46', '70 72 73 76 79', 9, 'sv', names.sv, 3, { cities: 'Stockholm|Göteborg|Malmö', streets: 'Storgatan|Drottninggatan|Kungsgatan', zip: '999 99' }),
  country('CH', '41', '75 76 77 78 79', 9, 'de', names.de, 3, { cities: 'Zürich|Basel|Bern', streets: 'Bahnhofstrasse|Seestrasse|Hauptstrasse', zip: '9999' }),
  country('AE', '971', '50 52 54 55 56 58', 9, 'ar', names.ar, 3, { cities: 'Dubai|Abu Dhabi|Sharjah', streets: 'Sheikh Zayed Road|Al Wasl Road|Jumeirah Street', zip: null }),
  country('AT', '43', '664 660 676 650 699', 10, 'de', names.de, 2, { cities: 'Wien|Graz|Linz|Salzburg', streets: 'Hauptstraße|Kirchengasse|Schulgasse', zip: '9999' }),
  country('IE', '353', '83 85 86 87 89', 9, 'en', names.en, 2, { cities: 'Dublin|Cork|Galway', streets: 'Main Street|Church Road|Bridge Street', zip: 'A99 A9A9', numberFirst: true }),
  country('PT', '351', '91 92 93 96', 9, 'pt', names.pt, 2, { cities: 'Lisboa|Porto|Braga', streets: 'Rua Augusta|Avenida da Liberdade|Rua Direita', zip: '9999-999' }),
  country('BE', '32', '46 47 48 49', 9, 'fr', names.fr, 2, { cities: 'Bruxelles|Liège|Namur', streets: 'rue Neuve|avenue Louise|rue Haute', zip: '9999', numberFirst: true }),
];
