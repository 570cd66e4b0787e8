/**
 * A full-size, OFAC-like list and a labelled set of names to screen against it, made deterministically (a seeded
 * generator): the bench (`test/bench/sanctions-screening.ts`) measures on it and a unit test holds the matcher to
 * its goals on a smaller one. The list is written as OFAC's CSV set (`sdn.csv`, `alt.csv`), so loading it runs the
 * real parser.
 *
 * Positives are listed names (primary or alias) written as people write them: another case, accents added, words
 * swapped, punctuation changed, another legal form, one typo, a middle name left out, a Cyrillic or Greek look-alike
 * letter, a zero-width character, fullwidth letters. Negatives are names of people and companies nobody listed,
 * each sharing one word with the list (a first name or a surname, a company word) and no other word like a listed
 * word (Jaro-Winkler below 0.8): what ordinary customers are; a name one letter from a listed one is an alert.
 */

import { jaroWinkler } from '#shared/screening/jaro-winkler.ts';

const FIRST =
  `Ahmad Ali Omar Yusuf Ibrahim Khalid Tariq Farid Karim Nabil Samir Walid Hamza Bilal Anwar Jamal Rashid Zaid
Ivan Sergei Dmitri Alexei Mikhail Nikolai Viktor Oleg Yuri Boris Andrei Pavel Igor Vadim Roman Stanislav Arkady Gennady
Wei Jian Ming Hong Jun Lei Tao Yong Feng Bo Chen Xin Hui Kang Long Peng Rui Shan
Carlos Jose Luis Miguel Jorge Pedro Rafael Diego Alejandro Fernando Ricardo Eduardo Mauricio Sergio Hector Ramon
John James Robert Michael William David Richard Thomas Charles Daniel Matthew Anthony Mark Steven Paul Andrew Joshua
Maria Elena Sofia Anna Olga Natalia Irina Svetlana Fatima Aisha Layla Mariam Leila Yasmin Lucia Carmen Isabel Rosa
Kim Park Jae Min Sung Hyun Ji Young Soo Dong Chol Song Hak Myong Kwang Nam Ryong Il Hye`.split(/\s+/);

const SURNAMES =
  `Haddad Mansour Khoury Nasser Saleh Hakimi Rahimi Karimi Hosseini Tehrani Shirazi Baghdadi Masri Tikriti
Qureshi Siddiqui Chaudhry Malik Rahman Mahmoud Abdullah Jaber Zuabi Hamdan Othman Kassem Darwish Barakat Shami Halabi
Ivanov Petrov Sidorov Smirnov Kuznetsov Popov Vasiliev Sokolov Mikhailov Novikov Fedorov Morozov Volkov Alekseev Lebedev
Semenov Egorov Pavlov Kozlov Stepanov Nikolaev Orlov Andreev Makarov Nikitin Zakharov Zaitsev Solovyov Borisov Yakovlev
Grigoriev Romanov Vorobyov Sergeev Frolov Alexandrov Dmitriev Korolev Gusev Kiselev Ilyin Maximov Polyakov Sorokin
Vinogradov Kovalev Belov Medvedev Antonov Tarasov Zhukov Baranov Filippov Komarov Davydov Belyaev Gerasimov Bogdanov
Wang Zhang Liu Yang Huang Zhao Zhou Xu Sun Zhu Ma Hu Guo Lin He Gao Luo Zheng Liang Xie Tang Han Cao Deng Feng
Garcia Rodriguez Martinez Hernandez Lopez Gonzalez Perez Sanchez Ramirez Torres Flores Rivera Gomez Diaz Reyes Morales
Cruz Ortiz Gutierrez Chavez Ramos Ruiz Alvarez Mendoza Castillo Jimenez Moreno Romero Herrera Medina Aguilar Vargas
Smith Johnson Williams Brown Jones Miller Davis Wilson Anderson Taylor Thomas Moore Jackson Martin Thompson White Harris
Clark Lewis Robinson Walker Young Allen King Wright Scott Torres Nguyen Hill Adams Baker Nelson Carter Mitchell Roberts
Ri Pak Choe Jong Kang Yun Jang Han Hwang Ryom O Sin Kwon Hyon Mun Rim Ju Jon Ko`.split(/\s+/);

const WORDS =
  `Golden Crescent Eastern Northern Silver Atlas Pacific Orient Falcon Phoenix Horizon Summit Global United Royal
Imperial Continental Meridian Zenith Vertex Apex Pinnacle Sapphire Emerald Diamond Crystal Liberty Victory Unity Alliance
Pioneer Frontier Vanguard Sentinel Guardian Titan Olympus Aurora Polaris Orion Nova Stellar Cosmos Galaxy Nebula Comet
Baltic Caspian Aegean Adriatic Arabian Persian Ural Siberian Amur Volga Neva Danube Tigris Euphrates Nile Jordan Indus
Red Blue Green White Black Great Grand New First Prime Central Trans Inter Euro Asia Afro Sino Rus Iran Kor`.split(
    /\s+/,
  );

const SECTORS = `Trading Shipping Logistics Petroleum Energy Investment Holding Industrial Engineering Maritime Aviation
Construction Chemical Metals Mining Finance Exchange Technologies Electronics Machinery Import Export Development
Resources Commodities Tankers Navigation Transport Bank Insurance Pharmaceuticals Textiles Agriculture`.split(/\s+/);

/** Names of nobody listed: ordinary customers share a first name or a surname with listed people, not both. */
const OTHER_FIRST =
  `Hannah Lukas Emma Noah Mia Elias Lea Felix Clara Jonas Greta Anton Ida Paula Theo Mathilda Oskar Frieda
Amelie Moritz Lina Henrik Ella Jakob Nora Emil Marta Vincent Rosa Leon Alma Timo Carla Fabian Ines Lorenzo Giulia Matteo
Chiara Tommaso Aurora Pietro Beatrice Bjorn Astrid Sven Ingrid Lars Sigrid Pieter Anouk Bram Femke Joost Sanne Kofi Ama
Kwame Abena Chidi Ngozi Tunde Folake Thabo Lerato Sipho Zanele Raj Priya Arjun Kavya Rohan Ananya Vikram Meera`.split(
    /\s+/,
  );

const OTHER_SURNAMES =
  `Schneider Fischer Weber Becker Hoffmann Schulz Koch Richter Klein Wolf Schroeder Neumann Zimmermann
Braun Krueger Hartmann Lange Werner Krause Lehmann Koehler Rossi Russo Ferrari Esposito Bianchi Romano Colombo Ricci
Marino Greco Bruno Gallo Conti DeLuca Mancini Costa Giordano Rizzo Lombardi Moretti Jansen DeVries VanDijk Bakker Visser
Smit Meijer DeBoer Mulder Bos Vos Peters Hendriks Dekker Brouwer Okafor Adeyemi Mensah Owusu Nkosi Dlamini Patel Sharma
Iyer Nair Reddy Menon Kapoor Banerjee Lindqvist Johansson Andersson Nilsson Eriksson Larsson Olsen Hansen Pedersen`.split(
    /\s+/,
  );

const OTHER_WORDS =
  `Bakery Garden Meadow Harbor Willow Maple Cedar Birch Oak Linden River Brook Valley Hill Stone Bridge
Lantern Compass Anchor Harvest Orchard Vineyard Cottage Market Studio Workshop Kitchen Bistro Atelier Pixel Byte Cloud`.split(
    /\s+/,
  );

/** The other pools less their words too like a listed word (Romano for Romanov, Mia for Min): those are alerts. */
const unlike = (pool: string[], listed: string[]) =>
  pool.filter((word) => !listed.some((other) => jaroWinkler(word.toLowerCase(), other.toLowerCase()) >= 0.8));
const UNLIKE_FIRST = unlike(OTHER_FIRST, [...FIRST, ...SURNAMES]);
const UNLIKE_SURNAMES = unlike(OTHER_SURNAMES, [...FIRST, ...SURNAMES]);
const UNLIKE_WORDS = unlike(OTHER_WORDS, [...WORDS, ...SECTORS]);

const FORMS = [
  'LLC',
  'Ltd',
  'Co., Ltd.',
  'FZE',
  'JSC',
  'GmbH',
  'S.A.',
  'Limited',
  'Inc.',
  'OOO',
  'PJSC',
  'Corporation',
];

/** Deterministic uniform [0, 1) numbers (mulberry32). */
export function seeded(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)] as T;
  return { next, pick };
}

export type GeneratedEntry = { entNum: number; name: string; kind: 'individual' | 'entity'; aliases: string[] };

/** `count` distinct entries, about half with aliases (another spelling, another order, a former name). */
export function generateEntries(count: number, seed = 20_261_129): GeneratedEntry[] {
  const random = seeded(seed);
  const seen = new Set<string>();
  const entries: GeneratedEntry[] = [];
  while (entries.length < count) {
    const individual = random.next() < 0.6;
    const name = individual ? personName(random) : companyName(random);
    if (seen.has(name)) continue;
    seen.add(name);
    const aliases: string[] = [];
    if (random.next() < 0.5) aliases.push(individual ? personName(random) : companyName(random));
    if (random.next() < 0.3) aliases.push(respelled(name));
    entries.push({ entNum: 10_000 + entries.length, name, kind: individual ? 'individual' : 'entity', aliases });
  }
  return entries;
}

function personName(random: ReturnType<typeof seeded>) {
  const middle = random.next() < 0.5 ? ` ${random.pick(FIRST)}` : '';
  return `${random.pick(SURNAMES).toUpperCase()}, ${random.pick(FIRST)}${middle}`;
}

function companyName(random: ReturnType<typeof seeded>) {
  const second = random.next() < 0.5 ? ` ${random.pick(WORDS)}` : '';
  return `${random.pick(WORDS)}${second} ${random.pick(SECTORS)} ${random.pick(FORMS)}`.toUpperCase();
}

/** One vowel of a longer word written as another: the way aliases respell names (Mohammed, Muhammad). */
function respelled(name: string) {
  return name.replace(/[AEIOU](?=[A-Z]{3})/, (vowel) => (vowel === 'A' ? 'E' : vowel === 'O' ? 'U' : 'A'));
}

const quote = (text: string) => `"${text.replaceAll('"', '""')}"`;

/** The entries as OFAC's `sdn.csv` and `alt.csv` (no header, `-0-` for empty, CRLF). */
export function asOfacCsv(entries: GeneratedEntry[]) {
  const empty = '-0- ';
  const sdn = entries.map((e) =>
    [
      e.entNum,
      quote(e.name),
      e.kind === 'individual' ? quote('individual') : empty,
      quote('SDGT'),
      ...Array(7).fill(empty),
      empty,
    ].join(','),
  );
  let altNum = 1;
  const alt = entries.flatMap((e) =>
    e.aliases.map((a) => [e.entNum, altNum++, quote('aka'), quote(a), empty].join(',')),
  );
  return { sdn: `${sdn.join('\r\n')}\r\n`, alt: `${alt.join('\r\n')}\r\n` };
}

const ACCENTS: Record<string, string> = { a: 'á', e: 'é', i: 'í', o: 'ö', u: 'ü', n: 'ñ', c: 'ç', s: 'š', z: 'ž' };
const LOOK_ALIKES: Record<string, string> = { a: 'а', e: 'е', o: 'о', p: 'р', c: 'с', x: 'х', i: 'і', y: 'у' };
const GREEK_LOOK_ALIKES: Record<string, string> = { o: 'ο', i: 'ι', v: 'ν', u: 'υ' };

type Variant = (name: string, random: ReturnType<typeof seeded>) => string | undefined;

const onceIn = (name: string, map: Record<string, string>, random: ReturnType<typeof seeded>) => {
  const positions = [...name].flatMap((char, i) => (map[char.toLowerCase()] ? [i] : []));
  if (positions.length === 0) return undefined;
  const at = random.pick(positions);
  const chars = [...name];
  chars[at] = map[(chars[at] as string).toLowerCase()] as string;
  return chars.join('');
};

const words = (name: string) => name.replace(/,/g, ' ').split(/\s+/).filter(Boolean);

/** How people write a listed name, by kind of change (each a label of the bench's table). */
export const VARIANTS: Record<string, Variant> = {
  case: (name) => name.toLowerCase().replace(/(^|\s)\S/g, (s) => s.toUpperCase()),
  accents: (name, random) => {
    let out = name.toLowerCase();
    for (let i = 0; i < 2; i++) out = onceIn(out, ACCENTS, random) ?? out;
    return out;
  },
  'word order': (name) => words(name).reverse().join(' '),
  punctuation: (name) => name.replace(/,/g, '').replace(/ /g, '-').replace(/\./g, ''),
  'legal form': (name) => {
    const form = FORMS.find((f) => name.endsWith(` ${f.toUpperCase()}`));
    return form ? `${name.slice(0, -form.length - 1)} ${form === 'LLC' ? 'Limited' : 'L.L.C.'}` : undefined;
  },
  'one typo': (name, random) => {
    const all = words(name);
    const long = all.filter((w) => w.length >= 6);
    if (long.length === 0 || all.length < 2) return undefined;
    const word = random.pick(long);
    const at = 1 + Math.floor(random.next() * (word.length - 2));
    const kind = Math.floor(random.next() * 3);
    const typo =
      kind === 0
        ? word.slice(0, at) + word.slice(at + 1)
        : kind === 1
          ? word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2)
          : `${word.slice(0, at)}${word[at]}${word.slice(at)}`;
    return name.replace(word, typo);
  },
  'middle name left out': (name) => {
    const [surname, given = ''] = name.split(', ');
    const parts = given.split(' ');
    return parts.length === 2 ? `${parts[0]} ${surname}` : undefined;
  },
  'Cyrillic look-alike': (name, random) => onceIn(name.toLowerCase(), LOOK_ALIKES, random),
  'Greek look-alike': (name, random) => onceIn(name.toLowerCase(), GREEK_LOOK_ALIKES, random),
  'zero-width character': (name) => {
    const at = Math.floor(name.length / 2);
    return `${name.slice(0, at)}\u200b${name.slice(at)}`;
  },
  'fullwidth letters': (name) => name.replace(/[A-Za-z]/g, (char) => String.fromCharCode(char.charCodeAt(0) + 0xfee0)),
};

export type Labelled = { name: string; listed: number | undefined; variant: string };

/**
 * `positives` listed names written another way (each labelled with its entry and variant) and `negatives` names
 * that name no listed entry.
 */
export function labelledNames(entries: GeneratedEntry[], positives: number, negatives: number, seed = 7): Labelled[] {
  const random = seeded(seed);
  const kinds = Object.keys(VARIANTS);
  const out: Labelled[] = [];
  while (out.length < positives) {
    const entry = random.pick(entries);
    const name = random.next() < 0.7 || entry.aliases.length === 0 ? entry.name : random.pick(entry.aliases);
    const variant = kinds[out.length % kinds.length] as string;
    const written = VARIANTS[variant]?.(name, random);
    if (written && written !== name) out.push({ name: written, listed: entry.entNum, variant });
    else if (written === undefined) continue;
    else out.push({ name, listed: entry.entNum, variant });
  }
  const listedWords = entries.flatMap((e) => [e.name, ...e.aliases]).map((n) => new Set(simple(n)));
  let made = 0;
  while (made < negatives) {
    const individual = random.next() < 0.6;
    const shared = random.next() < 0.5;
    const name = individual
      ? shared
        ? `${random.pick(FIRST)} ${random.pick(UNLIKE_SURNAMES)}`
        : `${random.pick(UNLIKE_FIRST)} ${random.pick(SURNAMES)}`
      : `${random.pick(shared ? WORDS : UNLIKE_WORDS)} ${random.pick(UNLIKE_WORDS)} ${random.pick(SECTORS)} ${random.pick(FORMS)}`;
    const own = simple(name);
    if (listedWords.some((set) => own.every((word) => set.has(word)))) continue;
    out.push({ name, listed: undefined, variant: 'not listed' });
    made++;
  }
  return out;
}

const simple = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z ]/g, ' ')
    .split(' ')
    .filter((w) => w.length > 0 && !FORMS.some((f) => f.toLowerCase().replace(/[^a-z]/g, '') === w));

/** Recall (positives found, as their own entry) and false positives (negatives that hit anything), by variant. */
export function scoreLabelled(
  labelled: Labelled[],
  screen: (name: string) => { entryId: string }[],
): {
  recall: number;
  falsePositiveRate: number;
  missedByVariant: Record<string, number>;
  positives: number;
  negatives: number;
} {
  let found = 0;
  let positives = 0;
  let falsePositives = 0;
  let negatives = 0;
  const missedByVariant: Record<string, number> = {};
  for (const { name, listed, variant } of labelled) {
    const hits = screen(name);
    if (listed === undefined) {
      negatives++;
      if (hits.length > 0) falsePositives++;
      continue;
    }
    positives++;
    if (hits.some((hit) => hit.entryId === String(listed))) found++;
    else missedByVariant[variant] = (missedByVariant[variant] ?? 0) + 1;
  }
  return {
    recall: found / positives,
    falsePositiveRate: falsePositives / negatives,
    missedByVariant,
    positives,
    negatives,
  };
}
