/**
 * Fighters, their results and the rankings (docs/sandbox.md "Catalogue"): thirty fighters in four
 * weight classes (one of them a women's class), each with fights against each other and against
 * opponents outside the catalogue, every result and win method of commerce-and-account-data.md §3
 * used. Results are generated from a fixed seed, so every start writes the same rows. Every name
 * is this project's own invention.
 */
import type { FightResult, WeightClass, WinMethod } from '@stream/core/contracts';
import type { fightResults, fighters, rankings } from '../db/schema.js';
import { coloursFor, t, WEIGHT_CLASS_LABELS } from './texts.js';
import { TITLE_IDS } from './titles.js';

type FighterInsert = typeof fighters.$inferInsert;
type ResultInsert = typeof fightResults.$inferInsert;
type RankingInsert = typeof rankings.$inferInsert;

/** [id, first name, last name, nickname, country, stance]; within a class, strongest first (the first is the champion). */
type FighterSeed = [string, string, string, string | null, string, 'orthodox' | 'southpaw' | 'switch'];

/** The fighters of each seeded weight class. */
const CLASSES: Partial<Record<WeightClass, FighterSeed[]>> = {
  lightweight: [
    ['f-mateo-avila', 'Mateo', 'Ávila', 'Lightning', 'MX', 'orthodox'],
    ['f-kofi-mensah', 'Kofi', 'Mensah', 'The Hammer', 'GH', 'orthodox'],
    ['f-daniel-costa', 'Daniel', 'Costa', 'Tsunami', 'BR', 'southpaw'],
    ['f-jamal-haddad', 'Jamal', 'Haddad', 'The Falcon', 'JO', 'switch'],
    ['f-kenji-watanabe', 'Kenji', 'Watanabe', null, 'JP', 'orthodox'],
    ['f-liam-oreilly', 'Liam', "O'Reilly", 'Storm', 'IE', 'southpaw'],
    ['f-ilya-sokolov', 'Ilya', 'Sokolov', null, 'KZ', 'orthodox'],
    ['f-tomas-ferreira', 'Tomás', 'Ferreira', null, 'PT', 'orthodox'],
  ],
  welterweight: [
    ['f-samuel-okafor', 'Samuel', 'Okafor', 'Big Sam', 'NG', 'orthodox'],
    ['f-yusuf-ozturk', 'Yusuf', 'Öztürk', null, 'TR', 'southpaw'],
    ['f-rafael-mendes', 'Rafael', 'Mendes', 'Rafa', 'BR', 'orthodox'],
    ['f-marcus-bell', 'Marcus', 'Bell', 'Bulldozer', 'US', 'orthodox'],
    ['f-arjun-mehta', 'Arjun', 'Mehta', 'Tiger', 'IN', 'switch'],
    ['f-pierre-lambert', 'Pierre', 'Lambert', null, 'FR', 'orthodox'],
    ['f-diego-salazar', 'Diego', 'Salazar', null, 'CO', 'southpaw'],
    ['f-erik-lindqvist', 'Erik', 'Lindqvist', 'The Viking', 'SE', 'orthodox'],
  ],
  middleweight: [
    ['f-hassan-karimi', 'Hassan', 'Karimi', 'The Lion', 'MA', 'orthodox'],
    ['f-bruno-almeida', 'Bruno', 'Almeida', 'Bulldog', 'BR', 'orthodox'],
    ['f-andre-walker', 'Andre', 'Walker', null, 'US', 'southpaw'],
    ['f-victor-novak', 'Victor', 'Novák', null, 'CZ', 'orthodox'],
    ['f-lucas-moreau', 'Lucas', 'Moreau', null, 'FR', 'switch'],
    ['f-omar-farouk', 'Omar', 'Farouk', 'The Pharaoh', 'EG', 'orthodox'],
    ['f-jack-turner', 'Jack', 'Turner', null, 'GB', 'orthodox'],
  ],
  womensFlyweight: [
    ['f-ana-ruiz', 'Ana', 'Ruiz', 'La Reina', 'ES', 'orthodox'],
    ['f-beatriz-santos', 'Beatriz', 'Santos', 'Bia', 'BR', 'southpaw'],
    ['f-layla-nasser', 'Layla', 'Nasser', 'Desert Rose', 'AE', 'orthodox'],
    ['f-mei-lin', 'Mei', 'Lin', 'Lotus', 'SG', 'switch'],
    ['f-sofia-rossi', 'Sofia', 'Rossi', null, 'IT', 'orthodox'],
    ['f-chloe-martin', 'Chloe', 'Martin', null, 'CA', 'orthodox'],
    ['f-zara-ahmed', 'Zara', 'Ahmed', null, 'GB', 'southpaw'],
  ],
};

/** How many of a class are ranked after the champion. */
const RANKED_PER_CLASS = 5;

/** Height and reach (cm) around which a class's fighters vary. */
const FRAME: Partial<Record<WeightClass, [number, number]>> = {
  lightweight: [175, 180],
  welterweight: [180, 185],
  middleweight: [185, 192],
  womensFlyweight: [163, 165],
};

/** Sentences describing a style, one picked per fighter. */
const STYLES = [
  t('Patient counter-striking that wins the late rounds.', 'Contragolpe paciente que gana los últimos asaltos.', 'Contra-ataque paciente que vence os rounds finais.', 'هجوم مضاد صبور يحسم الجولات الأخيرة.'),
  t('Relentless wrestling that drags every fight to the mat.', 'Lucha incansable que lleva cada combate al suelo.', 'Wrestling incansável que leva toda luta para o chão.', 'مصارعة لا تهدأ تأخذ كل نزال إلى الأرض.'),
  t('Heavy hands and a granite chin.', 'Manos pesadas y mandíbula de granito.', 'Mãos pesadas e queixo de granito.', 'قبضتان ثقيلتان وفك من الغرانيت.'),
  t(
    'Submissions from every position; a black belt since age fourteen.',
    'Sumisiones desde cualquier posición; cinturón negro desde los catorce años.',
    'Finalizações de qualquer posição; faixa preta desde os catorze anos.',
    'إخضاع من كل وضعية، وحزام أسود منذ سن الرابعة عشرة.',
  ),
  t(
    'Fast feet, a long jab and a defence that is hard to break.',
    'Pies rápidos, jab largo y una defensa difícil de superar.',
    'Pés rápidos, jab longo e uma defesa difícil de furar.',
    'سرعة في الحركة ولكمة أمامية طويلة ودفاع يصعب اختراقه.',
  ),
  t('Kickboxing roots and dangerous kicks.', 'Raíces en el kickboxing y patadas peligrosas.', 'Raízes no kickboxing e chutes perigosos.', 'جذور في الكيك بوكسينغ وركلات خطيرة.'),
];

/** Opponents from outside the catalogue. */
const OUTSIDERS = ['Nico Varga', 'Tariq Bello', 'Hugo Lenz', 'Sam Achebe', 'Ivo Marek', 'Dara Quinn', 'Pavel Ostrov', 'Leo Fontaine', 'Rui Tavares', 'Kai Moana'];
const WOMEN_OUTSIDERS = ['Nadia Fox', 'Elena Brandt', 'Yara Costa', 'Ines Moreau', 'Hana Sato'];

/** Win methods in the order fights use them (every method of §3 appears; `overturned` marks a no contest). */
const FINISHES: WinMethod[] = ['knockout', 'unanimous', 'submission', 'split', 'stoppage', 'majority', 'decision', 'disqualified', 'couldNotContinue', 'other', 'unknown'];

/** A small deterministic generator (mulberry32), so that the seed is the same on every start. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const DECISIONS: ReadonlySet<WinMethod> = new Set(['unanimous', 'split', 'majority', 'decision']);

/** The loser's view of a result. */
const OPPOSITE: Record<FightResult, FightResult> = { win: 'loss', loss: 'win', noContest: 'noContest' };

/** Fighters, results and rankings. */
export function seedFighters(): { fighters: FighterInsert[]; results: ResultInsert[]; rankings: RankingInsert[] } {
  const fighterRows: FighterInsert[] = [];
  const resultRows: ResultInsert[] = [];
  const rankingRows: RankingInsert[] = [];
  let fightNumber = 0;
  Object.entries(CLASSES).forEach(([weightClass, members], classIndex) => {
    const klass = weightClass as WeightClass;
    const next = random(1009 * (classIndex + 1));
    const label = WEIGHT_CLASS_LABELS[klass];
    const [height, reach] = FRAME[klass] ?? [175, 180];
    const outsiders = klass.startsWith('womens') ? WOMEN_OUTSIDERS : OUTSIDERS;
    members.forEach(([id, firstName, lastName, nickname, country, stance], index) => {
      const name = `${firstName} ${lastName}`;
      const style = STYLES[(index + classIndex) % STYLES.length]!;
      fighterRows.push({
        id,
        firstName,
        lastName,
        nickname,
        country,
        weightClass: klass,
        stance,
        heightCm: height + Math.round((next() - 0.5) * 8),
        reachCm: reach + Math.round((next() - 0.5) * 10),
        bio: {
          en: `${name} competes at ${label.en.toLowerCase()}. ${style.en}`,
          es: `${name} compite en ${label.es!.toLocaleLowerCase('es')}. ${style.es}`,
          pt: `${name} compete no ${label.pt!.toLocaleLowerCase('pt')}. ${style.pt}`,
          ar: `${name} — ${label.ar}. ${style.ar}`,
        },
        colours: coloursFor('combat', index + classIndex),
      });
      if (index <= RANKED_PER_CLASS) rankingRows.push({ weightClass: klass, position: index, fighterId: id });
    });

    // Fights within the class: each fighter meets the next three down the list (the stronger one
    // wins four times in five); and one outsider each.
    const pairs: [number, number][] = [];
    for (let gap = 1; gap <= 3; gap += 1) for (let i = 0; i + gap < members.length; i += 1) pairs.push([i, i + gap]);
    const fights = [
      ...pairs.map(([a, b]) => ({ a, b: b as number | string })),
      ...members.map((_, a) => ({ a, b: outsiders[(a + classIndex) % outsiders.length] as number | string })),
    ];
    fights.forEach(({ a, b }, k) => {
      fightNumber += 1;
      const fighter = members[a]!;
      const opponent = typeof b === 'number' ? members[b]! : undefined;
      const noContest = fightNumber % 13 === 0;
      const favouriteWins = next() < 0.8;
      const result: FightResult = noContest ? 'noContest' : favouriteWins ? 'win' : 'loss';
      const method: WinMethod = noContest ? 'overturned' : FINISHES[fightNumber % FINISHES.length]!;
      const round = DECISIONS.has(method) ? 3 : 1 + Math.floor(next() * 3);
      const time = DECISIONS.has(method) ? '5:00' : `${Math.floor(next() * 5)}:${String(Math.floor(next() * 60)).padStart(2, '0')}`;
      // The first and third pairings (the champion and the first contender, the next two) were on Fight Night 42.
      const onFightNight42 = k === 0 || k === 2;
      const daysAgo = onFightNight42 ? 3 : 10 + k * 17 + classIndex * 3;
      const shared = {
        method,
        round,
        time,
        dateOffsetDays: -daysAgo,
        eventTitle: onFightNight42 ? 'Fight Night 42' : `Fight Night ${Math.max(1, 41 - Math.floor(daysAgo / 21))}`,
        eventId: onFightNight42 ? TITLE_IDS.fightNight42 : null,
      };
      resultRows.push({
        ...shared,
        id: `fight-${fightNumber}-${fighter[0]}`,
        fighterId: fighter[0],
        opponentId: opponent ? opponent[0] : null,
        opponentName: opponent ? `${opponent[1]} ${opponent[2]}` : (b as string),
        result,
      });
      if (opponent) {
        resultRows.push({
          ...shared,
          id: `fight-${fightNumber}-${opponent[0]}`,
          fighterId: opponent[0],
          opponentId: fighter[0],
          opponentName: `${fighter[1]} ${fighter[2]}`,
          result: OPPOSITE[result],
        });
      }
    });
  });
  return { fighters: fighterRows, results: resultRows, rankings: rankingRows };
}
