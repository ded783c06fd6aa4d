/**
 * The catalogue's titles (docs/sandbox.md "Catalogue"): on-demand videos, live events, three
 * series of two seasons, playlists and four live channels, in English, Spanish, Portuguese and
 * Arabic. The six items of the older content catalogue (`seed/catalogue.ts` `seedContent`) are
 * titles too, with the same ids, types and licences. Every text is this project's own.
 *
 * Times are minutes from the catalogue anchor (`catalogue/anchor.ts`): events live now started a
 * little before it, upcoming ones spread over the next two weeks, ended ones the days before.
 */
import type { TitleType } from '@stream/core/contracts';
import type { titles } from '../db/schema.js';
import type { Localized } from '../db/types.js';
import { CINEMA, CONTENT_IDS, FIGHT, SAMPLE_MEDIA, SPORTS, seedContent } from './catalogue.js';
import { coloursFor, seasonLabel, t } from './texts.js';

type TitleInsert = typeof titles.$inferInsert;

const H = 60;
const D = 24 * H;

/** A title as written here; {@link seedTitles} adds colours, media and order. */
interface TitleSeed {
  id: string;
  type: TitleType;
  title: Localized;
  description: Localized;
  category: string;
  licenceIds?: string[];
  durationSeconds?: number;
  /** VOD, EPISODE: days before the anchor it was released. */
  releasedDaysAgo?: number;
  /** LIVE: start and end in minutes from the anchor. */
  start?: number;
  end?: number;
  hasReplay?: boolean;
  parentId?: string;
  number?: number;
  popularity?: number;
}

/** Title ids that tests and other seed files name. */
export const TITLE_IDS = {
  academy: 'series-the-academy',
  academySeason1: 'season-the-academy-1',
  academySeason2: 'season-the-academy-2',
  ringStories: 'series-ring-stories',
  gridMasters: 'series-grid-masters',
  freePlaylist: 'playlist-free-to-watch',
  knockoutPlaylist: 'playlist-knockout-kings',
  movieNight: 'playlist-movie-night',
  matchday: 'playlist-matchday-essentials',
  harbourLights: 'vod-harbour-lights',
  smallTownStriker: 'vod-small-town-striker',
  cupSemiFinal: 'live-crown-cup-semi',
  rallyStage: 'live-rally-raid-stage',
  fightWeekStudio: 'live-fight-week-studio',
  cityDerby: 'up-city-derby',
  fightNight43: 'up-fight-night-43',
  cupFinal: 'up-cup-final',
  fightNight42: 'ended-fight-night-42',
  pressConference: 'ended-press-conference',
  sportsChannel: 'ch-stream-sports-1',
  fightChannel: 'ch-stream-fight',
  cinemaChannel: 'ch-stream-cinema',
  newsChannel: 'ch-stream-news',
} as const;

const I = TITLE_IDS;

/** Spanish, Portuguese and Arabic texts of the six older content items (their English is `seedContent`'s). */
const CONTENT_TRANSLATIONS: Record<string, { title: [string, string, string]; description: [string, string, string]; category: string }> = {
  [CONTENT_IDS.freeVod1]: {
    title: ['Bienvenido a Stream', 'Bem-vindo ao Stream', 'مرحبًا بك في ستريم'],
    description: ['Un breve recorrido por lo que hay en cartelera.', 'Um passeio rápido pelo que está em cartaz.', 'جولة قصيرة في ما يُعرض الآن.'],
    category: 'magazine',
  },
  [CONTENT_IDS.freeVod2]: {
    title: ['Detrás de las cámaras', 'Nos bastidores', 'خلف الكواليس'],
    description: ['Cómo se emite un día de partido.', 'Como um dia de jogo é transmitido.', 'كيف يُبث يوم المباراة.'],
    category: 'documentary',
  },
  [CONTENT_IDS.sportsVod]: {
    title: ['Día de derbi: partido completo', 'Dia de clássico: jogo completo', 'يوم الديربي: المباراة كاملة'],
    description: ['El derbi entero, repetido. Licencias deportivas.', 'O clássico inteiro, reprisado. Licenças de esportes.', 'الديربي كاملًا بالإعادة. باقات الرياضة.'],
    category: 'football',
  },
  [CONTENT_IDS.cinemaVod]: {
    title: ['La larga noche', 'A longa noite', 'الليلة الطويلة'],
    description: ['Un thriller en una sola noche. Licencias de cine.', 'Um suspense em uma só noite. Licenças de cinema.', 'فيلم تشويق في ليلة واحدة. باقات السينما.'],
    category: 'film',
  },
  [CONTENT_IDS.premiumLive]: {
    title: ['Combate por el título en directo', 'Luta pelo título ao vivo', 'نزال اللقب مباشرة'],
    description: ['El combate por el título, en directo. Pago por evento o Sports Premium.', 'A luta pelo título, ao vivo. Pay-per-view ou Sports Premium.', 'نزال اللقب مباشرة. بالدفع لكل مشاهدة أو مع Sports Premium.'],
    category: 'combat',
  },
  [CONTENT_IDS.freeLive]: {
    title: ['Copa de la Comunidad en directo', 'Copa da Comunidade ao vivo', 'كأس المجتمع مباشرة'],
    description: ['La final de la copa de la comunidad, gratis para todos.', 'A final da copa da comunidade, grátis para todos.', 'نهائي كأس المجتمع، مجانًا للجميع.'],
    category: 'football',
  },
};

/** Start and end (minutes from the anchor) and popularity of the two older live items: long, so that they stay live. */
const CONTENT_LIVE_TIMES: Record<string, { start: number; end: number }> = {
  [CONTENT_IDS.premiumLive]: { start: -1 * H, end: 6 * H },
  [CONTENT_IDS.freeLive]: { start: -2 * H, end: 22 * H },
};

/** The six older content items as titles. */
function contentTitles(): TitleSeed[] {
  return seedContent(0).map((row, index) => {
    const extra = CONTENT_TRANSLATIONS[row.id]!;
    const [es, pt, ar] = extra.title;
    const [esD, ptD, arD] = extra.description;
    const seed: TitleSeed = {
      id: row.id,
      type: row.type as TitleType,
      title: t(row.title, es, pt, ar),
      description: t(row.description ?? row.title, esD, ptD, arD),
      category: extra.category,
      licenceIds: [...(row.licenceIds ?? [])],
      popularity: 60 - index * 3,
    };
    if (row.type === 'VOD') Object.assign(seed, { durationSeconds: row.durationSeconds ?? 6, releasedDaysAgo: 30 + index });
    else Object.assign(seed, CONTENT_LIVE_TIMES[row.id], { hasReplay: true });
    return seed;
  });
}

/** On-demand videos: films, documentaries, highlights. */
const VIDEOS: TitleSeed[] = [
  {
    id: I.harbourLights,
    type: 'VOD',
    category: 'film',
    licenceIds: CINEMA,
    durationSeconds: 6180,
    releasedDaysAgo: 2,
    popularity: 95,
    title: t('Harbour Lights', 'Luces del puerto', 'Luzes do Porto', 'أضواء الميناء'),
    description: t(
      'A night-shift ferry captain finds a stowaway with a map to a lost cargo. One crossing decides everything.',
      'Una capitana de ferri del turno de noche encuentra a un polizón con el mapa de una carga perdida. Una sola travesía lo decide todo.',
      'Uma capitã de balsa do turno da noite encontra um clandestino com o mapa de uma carga perdida. Uma só travessia decide tudo.',
      'قبطانة عبّارة في نوبة ليلية تعثر على متسلل يحمل خريطة لشحنة مفقودة. عبور واحد يحسم كل شيء.',
    ),
  },
  {
    id: 'vod-snowline',
    type: 'VOD',
    category: 'film',
    licenceIds: CINEMA,
    durationSeconds: 5820,
    releasedDaysAgo: 9,
    popularity: 80,
    title: t('Snowline', 'Línea de nieve', 'Linha de Neve', 'خط الثلج'),
    description: t(
      'A mountain rescue turns into a race against the storm. Nobody on the ridge is who they claim to be.',
      'Un rescate en la montaña se convierte en una carrera contra la tormenta. Nadie en la cresta es quien dice ser.',
      'Um resgate na montanha vira uma corrida contra a tempestade. Ninguém na crista é quem diz ser.',
      'عملية إنقاذ في الجبل تتحول إلى سباق مع العاصفة. لا أحد على القمة هو من يدّعي.',
    ),
  },
  {
    id: 'vod-paper-crowns',
    type: 'VOD',
    category: 'film',
    licenceIds: CINEMA,
    durationSeconds: 5400,
    releasedDaysAgo: 20,
    popularity: 64,
    title: t('Paper Crowns', 'Coronas de papel', 'Coroas de Papel', 'تيجان من ورق'),
    description: t(
      'Two rival bakers enter the same village contest, and only one oven works. A warm comedy for the whole family.',
      'Dos panaderos rivales se presentan al mismo concurso del pueblo y solo funciona un horno. Una comedia entrañable para toda la familia.',
      'Dois padeiros rivais entram no mesmo concurso da vila e só um forno funciona. Uma comédia calorosa para toda a família.',
      'خبّازان متنافسان يشاركان في مسابقة القرية نفسها ولا يعمل إلا فرن واحد. كوميديا دافئة لكل العائلة.',
    ),
  },
  {
    id: 'vod-city-of-echoes',
    type: 'VOD',
    category: 'film',
    licenceIds: CINEMA,
    durationSeconds: 6600,
    releasedDaysAgo: 33,
    popularity: 58,
    title: t('City of Echoes', 'Ciudad de ecos', 'Cidade dos Ecos', 'مدينة الأصداء'),
    description: t(
      'A sound engineer hears a confession hidden in an old radio tape. The city wants it to stay buried.',
      'Un ingeniero de sonido oye una confesión escondida en una vieja cinta de radio. La ciudad quiere que siga enterrada.',
      'Um engenheiro de som ouve uma confissão escondida numa velha fita de rádio. A cidade quer que ela continue enterrada.',
      'مهندس صوت يسمع اعترافًا مخفيًا في شريط إذاعي قديم. والمدينة تريده أن يبقى مدفونًا.',
    ),
  },
  {
    id: I.smallTownStriker,
    type: 'VOD',
    category: 'film',
    licenceIds: [],
    durationSeconds: 5160,
    releasedDaysAgo: 5,
    popularity: 88,
    title: t('Small Town Striker', 'La goleadora del pueblo', 'A Artilheira da Cidade', 'هدّافة البلدة الصغيرة'),
    description: t(
      'A postwoman becomes the star striker of her village team on the way to the national cup. Free to watch.',
      'Una cartera se convierte en la goleadora de su pueblo camino de la copa nacional. Gratis.',
      'Uma carteira vira a artilheira do time da vila a caminho da copa nacional. Grátis.',
      'ساعية بريد تصبح هدّافة فريق قريتها في طريقه إلى الكأس الوطنية. مجانًا.',
    ),
  },
  {
    id: 'vod-the-last-lap',
    type: 'VOD',
    category: 'motorsport',
    licenceIds: SPORTS,
    durationSeconds: 3300,
    releasedDaysAgo: 12,
    popularity: 70,
    title: t('The Last Lap', 'La última vuelta', 'A Última Volta', 'اللفة الأخيرة'),
    description: t(
      "Inside a rookie team's final race of the season, from the garage to the chequered flag.",
      'Dentro de la última carrera de la temporada de un equipo novato, del garaje a la bandera a cuadros.',
      'Por dentro da última corrida da temporada de uma equipe estreante, da garagem à bandeira quadriculada.',
      'من داخل السباق الأخير في الموسم لفريق مبتدئ، من المرآب حتى علم النهاية.',
    ),
  },
  {
    id: 'vod-iron-valley',
    type: 'VOD',
    category: 'documentary',
    licenceIds: [],
    durationSeconds: 3000,
    releasedDaysAgo: 15,
    popularity: 55,
    title: t('Iron Valley', 'Valle de hierro', 'Vale de Ferro', 'وادي الحديد'),
    description: t(
      'A boxing gym in an old mining town keeps a whole community on its feet.',
      'Un gimnasio de boxeo en un antiguo pueblo minero mantiene en pie a toda una comunidad.',
      'Uma academia de boxe numa antiga cidade mineira mantém de pé uma comunidade inteira.',
      'نادٍ للملاكمة في بلدة منجمية قديمة يُبقي مجتمعًا كاملًا صامدًا.',
    ),
  },
  {
    id: 'vod-midfield-maestro',
    type: 'VOD',
    category: 'football',
    licenceIds: SPORTS,
    durationSeconds: 3600,
    releasedDaysAgo: 7,
    popularity: 76,
    title: t('Midfield Maestro', 'El maestro del centro del campo', 'O Maestro do Meio-Campo', 'مايسترو خط الوسط'),
    description: t(
      'The playmaker who changed how a small club played football, told by his teammates.',
      'El organizador que cambió la forma de jugar de un club pequeño, contado por sus compañeros.',
      'O armador que mudou o jeito de jogar de um clube pequeno, contado pelos companheiros.',
      'صانع الألعاب الذي غيّر أسلوب لعب نادٍ صغير، يرويه زملاؤه.',
    ),
  },
  {
    id: 'vod-derby-classics',
    type: 'VOD',
    category: 'football',
    licenceIds: SPORTS,
    durationSeconds: 1500,
    releasedDaysAgo: 3,
    popularity: 72,
    title: t('Derby Classics: Five Great Finishes', 'Clásicos del derbi: cinco finales épicos', 'Clássicos do Dérbi: Cinco Finais Épicos', 'كلاسيكيات الديربي: خمس نهايات عظيمة'),
    description: t(
      'Five derbies decided in the last minutes, with the goals from every angle.',
      'Cinco derbis decididos en los últimos minutos, con los goles desde todos los ángulos.',
      'Cinco clássicos decididos nos minutos finais, com os gols de todos os ângulos.',
      'خمس مباريات ديربي حُسمت في الدقائق الأخيرة، مع الأهداف من كل الزوايا.',
    ),
  },
  {
    id: 'vod-the-long-pass',
    type: 'VOD',
    category: 'football',
    licenceIds: [],
    durationSeconds: 1320,
    releasedDaysAgo: 18,
    popularity: 40,
    title: t('The Long Pass: Tactics Explained', 'El pase largo: la táctica explicada', 'O Passe Longo: Tática Explicada', 'التمريرة الطويلة: شرح التكتيك'),
    description: t(
      'A coach draws the game on a whiteboard: pressing, width and the long pass. Free to watch.',
      'Un entrenador dibuja el juego en una pizarra: presión, amplitud y el pase largo. Gratis.',
      'Um treinador desenha o jogo num quadro: pressão, amplitude e o passe longo. Grátis.',
      'مدرب يرسم اللعبة على سبورة: الضغط والعرض والتمريرة الطويلة. مجانًا.',
    ),
  },
  {
    id: 'vod-court-kings',
    type: 'VOD',
    category: 'basketball',
    licenceIds: SPORTS,
    durationSeconds: 1800,
    releasedDaysAgo: 4,
    popularity: 66,
    title: t('Court Kings: Season Highlights', 'Reyes de la pista: lo mejor de la temporada', 'Reis da Quadra: Melhores da Temporada', 'ملوك الملعب: أبرز لقطات الموسم'),
    description: t(
      'Dunks, buzzer-beaters and the comeback of the year from the Court Kings league.',
      'Mates, canastas sobre la bocina y la remontada del año de la liga Reyes de la pista.',
      'Enterradas, cestas no estouro do cronômetro e a virada do ano da liga Reis da Quadra.',
      'سحقات وتسديدات مع صافرة النهاية وعودة العام من دوري ملوك الملعب.',
    ),
  },
  {
    id: 'vod-slam-dunk-summer',
    type: 'VOD',
    category: 'basketball',
    licenceIds: CINEMA,
    durationSeconds: 5700,
    releasedDaysAgo: 26,
    popularity: 50,
    title: t('Slam Dunk Summer', 'Verano de mates', 'Verão de Enterradas', 'صيف السحقات'),
    description: t(
      'Four friends enter a streetball tournament to save their neighbourhood court.',
      'Cuatro amigos se apuntan a un torneo de baloncesto callejero para salvar la cancha del barrio.',
      'Quatro amigos entram num torneio de basquete de rua para salvar a quadra do bairro.',
      'أربعة أصدقاء يشاركون في بطولة كرة سلة شوارع لإنقاذ ملعب حيّهم.',
    ),
  },
  {
    id: 'vod-desert-rally-diaries',
    type: 'VOD',
    category: 'motorsport',
    licenceIds: SPORTS,
    durationSeconds: 2700,
    releasedDaysAgo: 10,
    popularity: 61,
    title: t('Desert Rally Diaries', 'Diarios del rally del desierto', 'Diários do Rali do Deserto', 'يوميات رالي الصحراء'),
    description: t(
      'Two weeks, four thousand kilometres of sand and one mechanic who never sleeps.',
      'Dos semanas, cuatro mil kilómetros de arena y un mecánico que nunca duerme.',
      'Duas semanas, quatro mil quilômetros de areia e um mecânico que nunca dorme.',
      'أسبوعان وأربعة آلاف كيلومتر من الرمال وميكانيكي لا ينام أبدًا.',
    ),
  },
  {
    id: 'vod-pit-wall',
    type: 'VOD',
    category: 'motorsport',
    licenceIds: SPORTS,
    durationSeconds: 2400,
    releasedDaysAgo: 22,
    popularity: 44,
    title: t('Pit Wall: Strategy Under Pressure', 'Muro de boxes: estrategia bajo presión', 'Muro dos Boxes: Estratégia sob Pressão', 'جدار الصيانة: استراتيجية تحت الضغط'),
    description: t(
      'How race engineers decide when to stop, on which tyres, in the seconds they have.',
      'Cómo deciden los ingenieros de carrera cuándo parar y con qué neumáticos, en los segundos que tienen.',
      'Como os engenheiros de corrida decidem quando parar e com quais pneus, nos segundos que têm.',
      'كيف يقرر مهندسو السباق متى يتوقفون وبأي إطارات، في الثواني القليلة المتاحة.',
    ),
  },
  {
    id: 'vod-greatest-knockouts',
    type: 'VOD',
    category: 'combat',
    licenceIds: FIGHT,
    durationSeconds: 1380,
    releasedDaysAgo: 6,
    popularity: 84,
    title: t('Ten Greatest Knockouts', 'Los diez mejores nocauts', 'Os Dez Maiores Nocautes', 'أعظم عشر ضربات قاضية'),
    description: t(
      'The ten knockouts fans still talk about, counted down by the fighters who threw them.',
      'Los diez nocauts de los que los aficionados aún hablan, contados por quienes los lanzaron.',
      'Os dez nocautes de que os fãs ainda falam, contados por quem os aplicou.',
      'الضربات القاضية العشر التي لا يزال المشجعون يتحدثون عنها، يرويها من سدّدوها.',
    ),
  },
  {
    id: 'vod-training-camp',
    type: 'VOD',
    category: 'combat',
    licenceIds: [],
    durationSeconds: 2880,
    releasedDaysAgo: 1,
    popularity: 68,
    title: t('Training Camp: Eight Weeks to Fight Night', 'Campamento: ocho semanas hasta la noche del combate', 'Campo de Treino: Oito Semanas até a Noite da Luta', 'معسكر التدريب: ثمانية أسابيع حتى ليلة النزال'),
    description: t(
      'A challenger prepares for the title shot: sparring, making weight and the doubts nobody sees. Free to watch.',
      'Una aspirante se prepara para la pelea por el título: guanteo, el peso y las dudas que nadie ve. Gratis.',
      'Uma desafiante se prepara para a disputa do título: sparring, o peso e as dúvidas que ninguém vê. Grátis.',
      'منافسة تستعد لفرصة اللقب: النزالات التدريبية وضبط الوزن والشكوك التي لا يراها أحد. مجانًا.',
    ),
  },
];

/** Live events: live now, upcoming over the next two weeks, ended (with a replay, and one without). */
const EVENTS: TitleSeed[] = [
  {
    id: I.cupSemiFinal,
    type: 'LIVE',
    category: 'football',
    licenceIds: SPORTS,
    start: -45,
    end: 75,
    hasReplay: true,
    popularity: 90,
    title: t('Crown Cup: Semi-final', 'Copa de la Corona: semifinal', 'Copa da Coroa: Semifinal', 'كأس التاج: نصف النهائي'),
    description: t(
      'Riverside host Northgate for a place in the final. Live from a sold-out stadium.',
      'El Riverside recibe al Northgate por una plaza en la final. En directo desde un estadio lleno.',
      'O Riverside recebe o Northgate por uma vaga na final. Ao vivo de um estádio lotado.',
      'ريفرسايد يستضيف نورثغيت على مقعد في النهائي. مباشرة من ملعب ممتلئ.',
    ),
  },
  {
    id: I.rallyStage,
    type: 'LIVE',
    category: 'motorsport',
    licenceIds: SPORTS,
    start: -2 * H,
    end: 6 * H,
    hasReplay: true,
    popularity: 62,
    title: t('Rally Raid: Stage 6 Live', 'Rally Raid: etapa 6 en directo', 'Rali Raid: Etapa 6 ao Vivo', 'رالي رايد: المرحلة 6 مباشرة'),
    description: t(
      'The longest stage of the raid, through the dunes, with cameras in every car.',
      'La etapa más larga del raid, entre dunas, con cámaras en todos los coches.',
      'A etapa mais longa do raide, pelas dunas, com câmeras em todos os carros.',
      'أطول مراحل الرالي عبر الكثبان، مع كاميرات في كل سيارة.',
    ),
  },
  {
    id: I.fightWeekStudio,
    type: 'LIVE',
    category: 'combat',
    licenceIds: [],
    start: -3 * H,
    end: 45 * H,
    hasReplay: false,
    popularity: 57,
    title: t('Fight Week Studio', 'Estudio de la semana del combate', 'Estúdio da Semana da Luta', 'استوديو أسبوع النزال'),
    description: t(
      'Round-the-clock build-up to Fight Night 43: interviews, open workouts and the weigh-ins. Free to watch.',
      'La previa sin pausa de la Noche de Combate 43: entrevistas, entrenamientos abiertos y el pesaje. Gratis.',
      'O aquecimento sem pausa para a Noite da Luta 43: entrevistas, treinos abertos e a pesagem. Grátis.',
      'تغطية متواصلة قبل ليلة النزال 43: مقابلات وتدريبات مفتوحة والميزان الرسمي. مجانًا.',
    ),
  },
  {
    id: I.cityDerby,
    type: 'LIVE',
    category: 'football',
    licenceIds: SPORTS,
    start: 3 * H,
    end: 5 * H,
    hasReplay: true,
    popularity: 86,
    title: t('City Derby', 'Derbi de la ciudad', 'Clássico da Cidade', 'ديربي المدينة'),
    description: t(
      'The two clubs of the capital meet again, with the league title within reach.',
      'Los dos clubes de la capital vuelven a enfrentarse, con el título de liga al alcance.',
      'Os dois clubes da capital se enfrentam de novo, com o título da liga ao alcance.',
      'يلتقي ناديا العاصمة من جديد ولقب الدوري في المتناول.',
    ),
  },
  {
    id: I.fightNight43,
    type: 'LIVE',
    category: 'combat',
    licenceIds: FIGHT,
    start: D + 2 * H,
    end: D + 6 * H,
    hasReplay: true,
    popularity: 92,
    title: t('Fight Night 43: Main Card', 'Noche de Combate 43: cartelera estelar', 'Noite da Luta 43: Card Principal', 'ليلة النزال 43: البطاقة الرئيسية'),
    description: t(
      'Five fights, two title eliminators and a lightweight main event.',
      'Cinco combates, dos eliminatorias por el título y un combate estelar de peso ligero.',
      'Cinco lutas, duas eliminatórias pelo título e uma luta principal de peso leve.',
      'خمسة نزالات وتصفيتان على اللقب ونزال رئيسي في الوزن الخفيف.',
    ),
  },
  {
    id: 'up-court-kings-final',
    type: 'LIVE',
    category: 'basketball',
    licenceIds: SPORTS,
    start: 2 * D + 5 * H,
    end: 2 * D + 7 * H + 30,
    hasReplay: true,
    popularity: 74,
    title: t('Court Kings: Final', 'Reyes de la pista: la final', 'Reis da Quadra: A Final', 'ملوك الملعب: النهائي'),
    description: t(
      'One game for the trophy, after the closest series in the league’s history.',
      'Un partido por el trofeo, tras la serie más igualada de la historia de la liga.',
      'Um jogo pelo troféu, depois da série mais equilibrada da história da liga.',
      'مباراة واحدة على الكأس بعد أكثر السلاسل تقاربًا في تاريخ الدوري.',
    ),
  },
  {
    id: 'up-coastal-grand-prix',
    type: 'LIVE',
    category: 'motorsport',
    licenceIds: SPORTS,
    start: 4 * D + H,
    end: 4 * D + 3 * H,
    hasReplay: true,
    popularity: 69,
    title: t('Coastal Grand Prix', 'Gran Premio de la Costa', 'Grande Prêmio da Costa', 'جائزة الساحل الكبرى'),
    description: t(
      'Fast corners by the sea and a forecast of rain: the championship can turn here.',
      'Curvas rápidas junto al mar y previsión de lluvia: el campeonato puede dar un vuelco aquí.',
      'Curvas rápidas à beira-mar e previsão de chuva: o campeonato pode virar aqui.',
      'منعطفات سريعة بجانب البحر وتوقعات بالمطر: قد تنقلب البطولة هنا.',
    ),
  },
  {
    id: 'up-womens-flyweight-title',
    type: 'LIVE',
    category: 'combat',
    licenceIds: FIGHT,
    start: 6 * D + 3 * H,
    end: 6 * D + 6 * H,
    hasReplay: true,
    popularity: 81,
    title: t("Women's Flyweight Title Fight", 'Título del peso mosca femenino', 'Disputa do Título Peso Mosca Feminino', 'نزال لقب وزن الذبابة للسيدات'),
    description: t(
      'The champion defends her belt against the challenger who beat her in the amateurs.',
      'La campeona defiende su cinturón ante la aspirante que la venció como amateur.',
      'A campeã defende o cinturão contra a desafiante que a venceu no amador.',
      'البطلة تدافع عن حزامها أمام المنافسة التي هزمتها في عالم الهواة.',
    ),
  },
  {
    id: 'up-indoor-athletics',
    type: 'LIVE',
    category: 'athletics',
    licenceIds: [],
    start: 8 * D + 4 * H,
    end: 8 * D + 7 * H,
    hasReplay: true,
    popularity: 38,
    title: t('Indoor Athletics Night', 'Noche de atletismo en pista cubierta', 'Noite de Atletismo Indoor', 'ليلة ألعاب القوى الداخلية'),
    description: t(
      'Sprints, pole vault and a mile record attempt under the roof. Free to watch.',
      'Velocidad, salto con pértiga y un intento de récord de la milla bajo techo. Gratis.',
      'Velocidade, salto com vara e uma tentativa de recorde da milha em pista coberta. Grátis.',
      'سباقات سرعة وقفز بالزانة ومحاولة لكسر رقم الميل تحت السقف. مجانًا.',
    ),
  },
  {
    id: I.cupFinal,
    type: 'LIVE',
    category: 'football',
    licenceIds: SPORTS,
    start: 10 * D + 2 * H,
    end: 10 * D + 4 * H + 30,
    hasReplay: true,
    popularity: 94,
    title: t('Crown Cup Final', 'Final de la Copa de la Corona', 'Final da Copa da Coroa', 'نهائي كأس التاج'),
    description: t(
      'The final, live, with the build-up from both dressing rooms.',
      'La final, en directo, con la previa desde los dos vestuarios.',
      'A final, ao vivo, com a preparação nos dois vestiários.',
      'النهائي مباشرة، مع التحضيرات من غرفتي الملابس.',
    ),
  },
  {
    id: 'up-rally-raid-finale',
    type: 'LIVE',
    category: 'motorsport',
    licenceIds: SPORTS,
    start: 13 * D,
    end: 13 * D + 5 * H,
    hasReplay: true,
    popularity: 52,
    title: t('Rally Raid: Final Stage', 'Rally Raid: etapa final', 'Rali Raid: Etapa Final', 'رالي رايد: المرحلة الأخيرة'),
    description: t(
      'The last run to the finish by the sea, and the podium ceremony.',
      'El último tramo hasta la meta junto al mar y la ceremonia del podio.',
      'O último trecho até a chegada à beira-mar e a cerimônia do pódio.',
      'الشوط الأخير نحو خط النهاية بجانب البحر ومراسم التتويج.',
    ),
  },
  {
    id: I.fightNight42,
    type: 'LIVE',
    category: 'combat',
    licenceIds: FIGHT,
    start: -3 * D - 4 * H,
    end: -3 * D,
    hasReplay: true,
    popularity: 78,
    title: t('Fight Night 42', 'Noche de Combate 42', 'Noite da Luta 42', 'ليلة النزال 42'),
    description: t(
      'The full card on replay, including the welterweight knockout of the year.',
      'La cartelera completa en diferido, con el nocaut del año en el peso wélter.',
      'O card completo em reprise, com o nocaute do ano no meio-médio.',
      'البطاقة كاملة بالإعادة، بما فيها ضربة العام القاضية في وزن الويلتر.',
    ),
  },
  {
    id: 'ended-cup-quarter-final',
    type: 'LIVE',
    category: 'football',
    licenceIds: SPORTS,
    start: -2 * D - 3 * H,
    end: -2 * D - H,
    hasReplay: true,
    popularity: 63,
    title: t('Crown Cup: Quarter-final', 'Copa de la Corona: cuartos de final', 'Copa da Coroa: Quartas de Final', 'كأس التاج: ربع النهائي'),
    description: t(
      'Extra time, penalties and a goalkeeper who saved three: the replay in full.',
      'Prórroga, penaltis y un portero que paró tres: la repetición completa.',
      'Prorrogação, pênaltis e um goleiro que defendeu três: a reprise completa.',
      'وقت إضافي وركلات ترجيح وحارس صدّ ثلاثًا: الإعادة كاملة.',
    ),
  },
  {
    id: 'ended-court-kings-semi',
    type: 'LIVE',
    category: 'basketball',
    licenceIds: SPORTS,
    start: -D - 5 * H,
    end: -D - 3 * H,
    hasReplay: true,
    popularity: 47,
    title: t('Court Kings: Semi-final', 'Reyes de la pista: semifinal', 'Reis da Quadra: Semifinal', 'ملوك الملعب: نصف النهائي'),
    description: t(
      'Game seven, decided at the free-throw line. Watch the replay.',
      'El séptimo partido, decidido desde la línea de tiros libres. Mira la repetición.',
      'O jogo sete, decidido na linha de lance livre. Veja a reprise.',
      'المباراة السابعة حُسمت من خط الرميات الحرة. شاهد الإعادة.',
    ),
  },
  {
    id: 'ended-mountain-grand-prix',
    type: 'LIVE',
    category: 'motorsport',
    licenceIds: SPORTS,
    start: -6 * D - 2 * H,
    end: -6 * D,
    hasReplay: true,
    popularity: 42,
    title: t('Mountain Grand Prix', 'Gran Premio de la Montaña', 'Grande Prêmio da Montanha', 'جائزة الجبل الكبرى'),
    description: t(
      'Thin air, a safety car and a last-lap pass for the win. The race in full.',
      'Aire enrarecido, coche de seguridad y un adelantamiento en la última vuelta. La carrera completa.',
      'Ar rarefeito, safety car e uma ultrapassagem na última volta. A corrida completa.',
      'هواء خفيف وسيارة أمان وتجاوز في اللفة الأخيرة للفوز. السباق كاملًا.',
    ),
  },
  {
    id: I.pressConference,
    type: 'LIVE',
    category: 'combat',
    licenceIds: [],
    start: -5 * H,
    end: -4 * H,
    hasReplay: false,
    popularity: 20,
    title: t('Fight Night 43: Press Conference', 'Noche de Combate 43: rueda de prensa', 'Noite da Luta 43: Coletiva de Imprensa', 'ليلة النزال 43: المؤتمر الصحفي'),
    description: t(
      'The main-event fighters face off before the cameras. Shown live only.',
      'Los protagonistas del combate estelar se encaran ante las cámaras. Solo en directo.',
      'Os lutadores da luta principal se encaram diante das câmeras. Só ao vivo.',
      'مقاتلا النزال الرئيسي وجهًا لوجه أمام الكاميرات. يُعرض مباشرة فقط.',
    ),
  },
];

/** A series, its two seasons and their episodes, written compactly. */
interface SeriesSeed {
  id: string;
  category: string;
  licenceIds: string[];
  popularity: number;
  title: Localized;
  description: Localized;
  /** Two seasons of three episodes: each episode's title and description. */
  seasons: { description: Localized; episodes: { title: Localized; description: Localized }[] }[];
}

const SERIES: SeriesSeed[] = [
  {
    id: I.academy,
    category: 'drama',
    licenceIds: CINEMA,
    popularity: 89,
    title: t('The Academy', 'La Academia', 'A Academia', 'الأكاديمية'),
    description: t(
      'Sixteen-year-olds chase a professional contract at a football academy where only one in ten makes it.',
      'Chicos de dieciséis años persiguen un contrato profesional en una academia de fútbol donde solo uno de cada diez lo consigue.',
      'Jovens de dezesseis anos buscam um contrato profissional numa academia de futebol onde só um em cada dez chega lá.',
      'فتيان في السادسة عشرة يطاردون عقدًا احترافيًا في أكاديمية كرة قدم لا ينجح فيها إلا واحد من كل عشرة.',
    ),
    seasons: [
      {
        description: t('The first year at the academy.', 'El primer año en la academia.', 'O primeiro ano na academia.', 'العام الأول في الأكاديمية.'),
        episodes: [
          {
            title: t('First Trial', 'La primera prueba', 'O Primeiro Teste', 'الاختبار الأول'),
            description: t('Two hundred hopefuls, one afternoon, eight places.', 'Doscientos aspirantes, una tarde, ocho plazas.', 'Duzentos candidatos, uma tarde, oito vagas.', 'مئتا طامح وعصر واحد وثمانية مقاعد.'),
          },
          {
            title: t('The Loan Deal', 'La cesión', 'O Empréstimo', 'صفقة الإعارة'),
            description: t('A rival club wants the new striker, now.', 'Un club rival quiere al nuevo delantero, ya.', 'Um clube rival quer o novo atacante, agora.', 'نادٍ منافس يريد المهاجم الجديد، الآن.'),
          },
          {
            title: t('Cup Night', 'Noche de copa', 'Noite de Copa', 'ليلة الكأس'),
            description: t('The youth cup under the floodlights, with scouts in the stands.', 'La copa juvenil bajo los focos, con ojeadores en la grada.', 'A copa juvenil sob os refletores, com olheiros na arquibancada.', 'كأس الشباب تحت الأضواء والكشافون في المدرجات.'),
          },
        ],
      },
      {
        description: t('The second year: contracts or goodbyes.', 'El segundo año: contratos o despedidas.', 'O segundo ano: contratos ou despedidas.', 'العام الثاني: عقود أو وداع.'),
        episodes: [
          {
            title: t('New Captain', 'Nuevo capitán', 'Novo Capitão', 'قائد جديد'),
            description: t('The armband goes to the quietest player in the squad.', 'El brazalete es para el jugador más callado del equipo.', 'A braçadeira vai para o jogador mais quieto do elenco.', 'شارة القيادة تذهب إلى أهدأ لاعب في الفريق.'),
          },
          {
            title: t('Injury Time', 'Tiempo de descuento', 'Acréscimos', 'الوقت بدل الضائع'),
            description: t('A knee injury and six weeks to prove it healed.', 'Una lesión de rodilla y seis semanas para demostrar que está curada.', 'Uma lesão no joelho e seis semanas para provar que sarou.', 'إصابة في الركبة وستة أسابيع لإثبات الشفاء.'),
          },
          {
            title: t('The Final Whistle', 'El pitido final', 'O Apito Final', 'صافرة النهاية'),
            description: t('Contract day: who stays, who goes.', 'Día de contratos: quién se queda y quién se va.', 'Dia dos contratos: quem fica e quem sai.', 'يوم العقود: من يبقى ومن يرحل.'),
          },
        ],
      },
    ],
  },
  {
    id: I.ringStories,
    category: 'combat',
    licenceIds: FIGHT,
    popularity: 77,
    title: t('Ring Stories', 'Historias del ring', 'Histórias do Ringue', 'حكايات الحلبة'),
    description: t(
      'Documentary series: the lives behind the fights, from the first gym to the title.',
      'Serie documental: las vidas detrás de los combates, del primer gimnasio al título.',
      'Série documental: as vidas por trás das lutas, da primeira academia ao título.',
      'سلسلة وثائقية: الحياة خلف النزالات، من أول نادٍ حتى اللقب.',
    ),
    seasons: [
      {
        description: t('Beginnings.', 'Los comienzos.', 'Os começos.', 'البدايات.'),
        episodes: [
          {
            title: t('The Underdog', 'El que nadie esperaba', 'O Azarão', 'الحصان الأسود'),
            description: t('Nobody picked him, everybody remembers him.', 'Nadie lo eligió y todos lo recuerdan.', 'Ninguém o escolheu e todos se lembram dele.', 'لم يختره أحد ويتذكره الجميع.'),
          },
          {
            title: t('Making Weight', 'Dar el peso', 'Batendo o Peso', 'ضبط الوزن'),
            description: t('The last 48 hours before the scales.', 'Las últimas 48 horas antes de la báscula.', 'As últimas 48 horas antes da balança.', 'الساعات الثماني والأربعون الأخيرة قبل الميزان.'),
          },
          {
            title: t('Title Shot', 'La oportunidad por el título', 'A Chance pelo Título', 'فرصة اللقب'),
            description: t('A phone call changes a career.', 'Una llamada cambia una carrera.', 'Um telefonema muda uma carreira.', 'مكالمة هاتفية تغيّر مسيرة.'),
          },
        ],
      },
      {
        description: t('Comebacks and rivalries.', 'Regresos y rivalidades.', 'Retornos e rivalidades.', 'عودات ومنافسات.'),
        episodes: [
          {
            title: t('Comeback', 'El regreso', 'O Retorno', 'العودة'),
            description: t('Two years out, one fight to return.', 'Dos años fuera, un combate para volver.', 'Dois anos fora, uma luta para voltar.', 'عامان من الغياب ونزال واحد للعودة.'),
          },
          {
            title: t('Rivals', 'Rivales', 'Rivais', 'المتنافسون'),
            description: t('Training partners become opponents.', 'Compañeros de entrenamiento que se vuelven rivales.', 'Parceiros de treino viram adversários.', 'شريكا تدريب يصبحان خصمين.'),
          },
          {
            title: t('Legacy', 'El legado', 'O Legado', 'الإرث'),
            description: t('The champion plans the last fight of her career.', 'La campeona prepara el último combate de su carrera.', 'A campeã planeja a última luta da carreira.', 'البطلة تخطط لآخر نزال في مسيرتها.'),
          },
        ],
      },
    ],
  },
  {
    id: I.gridMasters,
    category: 'motorsport',
    licenceIds: SPORTS,
    popularity: 65,
    title: t('Grid Masters', 'Maestros de la parrilla', 'Mestres do Grid', 'أسياد خط الانطلاق'),
    description: t(
      'A season inside a racing team: the drivers, the engineers and the decisions on the pit wall.',
      'Una temporada dentro de un equipo de carreras: los pilotos, los ingenieros y las decisiones en el muro.',
      'Uma temporada dentro de uma equipe de corrida: os pilotos, os engenheiros e as decisões no muro.',
      'موسم داخل فريق سباقات: السائقون والمهندسون والقرارات على جدار الصيانة.',
    ),
    seasons: [
      {
        description: t('A new team on the grid.', 'Un equipo nuevo en la parrilla.', 'Uma equipe nova no grid.', 'فريق جديد على خط الانطلاق.'),
        episodes: [
          {
            title: t('Winter Testing', 'Test de invierno', 'Testes de Inverno', 'اختبارات الشتاء'),
            description: t('The car is slow and nobody knows why.', 'El coche es lento y nadie sabe por qué.', 'O carro está lento e ninguém sabe por quê.', 'السيارة بطيئة ولا أحد يعرف السبب.'),
          },
          {
            title: t('Street Circuit', 'Circuito urbano', 'Circuito de Rua', 'حلبة الشوارع'),
            description: t('Walls everywhere and no room for mistakes.', 'Muros por todas partes y ningún margen de error.', 'Muros por toda parte e nenhuma margem para erros.', 'جدران في كل مكان ولا مجال للخطأ.'),
          },
          {
            title: t('Rain Race', 'Carrera bajo la lluvia', 'Corrida na Chuva', 'سباق تحت المطر'),
            description: t('The tyre call that made a podium.', 'La decisión de neumáticos que dio un podio.', 'A escolha de pneus que rendeu um pódio.', 'قرار الإطارات الذي صنع منصة التتويج.'),
          },
        ],
      },
      {
        description: t('Fighting for the championship.', 'La lucha por el campeonato.', 'A luta pelo campeonato.', 'الصراع على البطولة.'),
        episodes: [
          {
            title: t('New Rules', 'Nuevas reglas', 'Novas Regras', 'قواعد جديدة'),
            description: t('The regulations change and the team starts again.', 'Cambia el reglamento y el equipo empieza de cero.', 'O regulamento muda e a equipe recomeça.', 'تتغير اللوائح ويبدأ الفريق من جديد.'),
          },
          {
            title: t('Team Orders', 'Órdenes de equipo', 'Ordens de Equipe', 'أوامر الفريق'),
            description: t('One driver is told to let the other pass.', 'A un piloto le piden que deje pasar al otro.', 'Um piloto recebe ordem de deixar o outro passar.', 'يُطلب من سائق أن يفسح الطريق لزميله.'),
          },
          {
            title: t('Championship Day', 'El día del campeonato', 'Dia do Campeonato', 'يوم البطولة'),
            description: t('Everything decided in the last race.', 'Todo se decide en la última carrera.', 'Tudo decidido na última corrida.', 'كل شيء يُحسم في السباق الأخير.'),
          },
        ],
      },
    ],
  },
];

/** Seasons and episodes of {@link SERIES}: ids `season-<series>-<n>`, `episode-<series>-<season>-<n>`. */
function seriesTitles(): TitleSeed[] {
  return SERIES.flatMap((series, seriesIndex) => {
    const key = series.id.replace(/^series-/, '');
    const base = { category: series.category, licenceIds: series.licenceIds };
    const seasons = series.seasons.flatMap((season, s) => {
      const seasonId = `season-${key}-${s + 1}`;
      const episodes = season.episodes.map<TitleSeed>((episode, e) => ({
        ...base,
        id: `episode-${key}-${s + 1}-${e + 1}`,
        type: 'EPISODE',
        title: episode.title,
        description: episode.description,
        parentId: seasonId,
        number: e + 1,
        durationSeconds: 2520 + ((seriesIndex * 7 + s * 3 + e) % 5) * 180,
        // Season 2 is the newer one; its episodes came out a week apart, the latest a day ago.
        releasedDaysAgo: (1 - s) * 60 + (season.episodes.length - e) * 7 - 6 + seriesIndex,
        popularity: series.popularity - 20 - s * 2 - e,
      }));
      return [
        {
          ...base,
          id: seasonId,
          type: 'SEASON' as const,
          title: seasonLabel(s + 1),
          description: season.description,
          parentId: series.id,
          number: s + 1,
          popularity: series.popularity - 10 - s,
        },
        ...episodes,
      ];
    });
    return [{ ...base, id: series.id, type: 'SERIES' as const, title: series.title, description: series.description, popularity: series.popularity }, ...seasons];
  });
}

/** Playlists; their items are {@link PLAYLIST_ITEMS}. */
const PLAYLISTS: TitleSeed[] = [
  {
    id: I.freePlaylist,
    type: 'PLAYLIST',
    category: 'magazine',
    popularity: 75,
    title: t('Free to Watch', 'Gratis para ver', 'Grátis para Assistir', 'مشاهدة مجانية'),
    description: t(
      'Films, documentaries and shows anyone can watch, no subscription needed.',
      'Películas, documentales y programas que cualquiera puede ver, sin suscripción.',
      'Filmes, documentários e programas que qualquer um pode ver, sem assinatura.',
      'أفلام ووثائقيات وبرامج يمكن لأي شخص مشاهدتها دون اشتراك.',
    ),
  },
  {
    id: I.knockoutPlaylist,
    type: 'PLAYLIST',
    category: 'combat',
    licenceIds: FIGHT,
    popularity: 71,
    title: t('Knockout Kings', 'Reyes del nocaut', 'Reis do Nocaute', 'ملوك الضربة القاضية'),
    description: t(
      'The fights that ended early: knockouts, stoppages and the replays of fight night.',
      'Los combates que acabaron pronto: nocauts, detenciones y las repeticiones de la noche de combate.',
      'As lutas que acabaram cedo: nocautes, interrupções e as reprises da noite da luta.',
      'النزالات التي انتهت مبكرًا: ضربات قاضية وإيقافات وإعادات ليلة النزال.',
    ),
  },
  {
    id: I.movieNight,
    type: 'PLAYLIST',
    category: 'film',
    licenceIds: CINEMA,
    popularity: 67,
    title: t('Movie Night', 'Noche de cine', 'Noite de Cinema', 'ليلة السينما'),
    description: t(
      'Thrillers, comedies and one very long night: our picks for the weekend.',
      'Thrillers, comedias y una noche muy larga: nuestra selección para el fin de semana.',
      'Suspenses, comédias e uma noite muito longa: nossas escolhas para o fim de semana.',
      'أفلام تشويق وكوميديا وليلة طويلة جدًا: اختياراتنا لعطلة نهاية الأسبوع.',
    ),
  },
  {
    id: I.matchday,
    type: 'PLAYLIST',
    category: 'football',
    licenceIds: SPORTS,
    popularity: 59,
    title: t('Matchday Essentials', 'Imprescindibles de la jornada', 'Essenciais da Rodada', 'أساسيات يوم المباراة'),
    description: t(
      'Tactics, classics and full replays to get ready for the weekend’s football.',
      'Táctica, clásicos y partidos completos para preparar el fútbol del fin de semana.',
      'Tática, clássicos e jogos completos para se preparar para o futebol do fim de semana.',
      'تكتيك وكلاسيكيات ومباريات كاملة للاستعداد لكرة القدم في نهاية الأسبوع.',
    ),
  },
];

/** The titles of each playlist, in order. */
export const PLAYLIST_ITEMS: Record<string, string[]> = {
  [I.freePlaylist]: [I.smallTownStriker, 'vod-training-camp', 'vod-iron-valley', 'vod-the-long-pass', CONTENT_IDS.freeVod1, CONTENT_IDS.freeVod2],
  [I.knockoutPlaylist]: ['vod-greatest-knockouts', I.fightNight42, 'episode-ring-stories-1-1', 'episode-ring-stories-1-3', 'vod-iron-valley'],
  [I.movieNight]: [I.harbourLights, 'vod-snowline', 'vod-city-of-echoes', 'vod-paper-crowns', CONTENT_IDS.cinemaVod, 'vod-slam-dunk-summer', I.smallTownStriker],
  [I.matchday]: ['vod-the-long-pass', 'vod-derby-classics', CONTENT_IDS.sportsVod, 'vod-midfield-maestro', 'ended-cup-quarter-final'],
};

/** Live channels of the programme guide (their programmes: `seed/channels.ts`). */
const CHANNELS: TitleSeed[] = [
  {
    id: I.sportsChannel,
    type: 'CHANNEL',
    category: 'football',
    licenceIds: SPORTS,
    popularity: 54,
    title: t('Stream Sports 1', 'Stream Deportes 1', 'Stream Esportes 1', 'ستريم الرياضية 1'),
    description: t(
      'Live football, basketball and motorsport, with the magazine shows in between.',
      'Fútbol, baloncesto y motor en directo, con los magacines entre medias.',
      'Futebol, basquete e automobilismo ao vivo, com os programas de revista entre eles.',
      'كرة قدم وكرة سلة ورياضة سيارات مباشرة، مع البرامج المنوعة بينها.',
    ),
  },
  {
    id: I.fightChannel,
    type: 'CHANNEL',
    category: 'combat',
    licenceIds: FIGHT,
    popularity: 49,
    title: t('Stream Fight', 'Stream Combate', 'Stream Luta', 'ستريم للنزالات'),
    description: t(
      'Fights around the clock: classic bouts, countdown shows and the weigh-ins.',
      'Combates a todas horas: peleas clásicas, programas previos y los pesajes.',
      'Lutas o dia todo: combates clássicos, programas de contagem regressiva e as pesagens.',
      'نزالات على مدار الساعة: مواجهات كلاسيكية وبرامج العد التنازلي والميزان.',
    ),
  },
  {
    id: I.cinemaChannel,
    type: 'CHANNEL',
    category: 'film',
    licenceIds: CINEMA,
    popularity: 41,
    title: t('Stream Cinema', 'Stream Cine', 'Stream Cinema', 'ستريم سينما'),
    description: t('Films all day and all night.', 'Películas todo el día y toda la noche.', 'Filmes o dia todo e a noite toda.', 'أفلام طوال اليوم وطوال الليل.'),
  },
  {
    id: I.newsChannel,
    type: 'CHANNEL',
    category: 'news',
    licenceIds: [],
    popularity: 36,
    title: t('Stream News 24', 'Stream Noticias 24', 'Stream Notícias 24', 'ستريم الأخبار 24'),
    description: t(
      'Sports news every hour, free for everyone.',
      'Noticias deportivas cada hora, gratis para todos.',
      'Notícias esportivas a cada hora, grátis para todos.',
      'أخبار رياضية كل ساعة، مجانًا للجميع.',
    ),
  },
];

/**
 * The minimum age of each category's titles (issue 16; docs/sandbox.md "Catalogue"): sports,
 * news, magazines and the load test's archive are for everyone (0), documentaries 7, films and
 * drama 12, combat sports 16. {@link TITLE_AGE_RATINGS} overrides some titles.
 */
export const CATEGORY_AGE_RATINGS: Readonly<Record<string, number>> = { documentary: 7, film: 12, drama: 12, combat: 16 };

/**
 * Titles rated apart from their category: the family films (0: "Paper Crowns", a comedy for the
 * whole family, and "Small Town Striker") and the thrillers for adults ("The Long Night" 18,
 * "City of Echoes" 16).
 */
export const TITLE_AGE_RATINGS: Readonly<Record<string, number>> = {
  'vod-paper-crowns': 0,
  [I.smallTownStriker]: 0,
  [CONTENT_IDS.cinemaVod]: 18,
  'vod-city-of-echoes': 16,
};

/** The age rating of seeded title `id` of `category`: its own ({@link TITLE_AGE_RATINGS}), else its category's, else 0. */
export function seedAgeRating(id: string, category: string): number {
  return TITLE_AGE_RATINGS[id] ?? CATEGORY_AGE_RATINGS[category] ?? 0;
}

/** Types that play (and so carry a media asset). */
const PLAYABLE: ReadonlySet<TitleType> = new Set(['VOD', 'EPISODE', 'LIVE', 'CHANNEL']);

/** Every title as written: the older content, videos, events, series, playlists, channels. */
const allSeeds = (): TitleSeed[] => [...contentTitles(), ...VIDEOS, ...EVENTS, ...seriesTitles(), ...PLAYLISTS, ...CHANNELS];

/** The title (text) of a seeded title; throws for an id that is not one (a mistake in the seed). */
export function seededTitleText(id: string): Localized {
  const seed = allSeeds().find((s) => s.id === id);
  if (!seed) throw new Error(`No seeded title ${id}`);
  return seed.title;
}

/** The category of the generated titles of a load test (no section or rail shows it). */
export const LOAD_TEST_CATEGORY = 'archive';

/**
 * `count` generated short videos ("Archive reel 1", …; free, never released, in no section):
 * enough titles for a load test to put 1,000 favourites or history entries in one account
 * (`SANDBOX_LOAD_TITLES`, docs/sandbox.md). Ids `vod-archive-reel-<n>` from 1.
 */
export function loadTestTitles(count: number): TitleSeed[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `vod-archive-reel-${i + 1}`,
    type: 'VOD' as const,
    title: t(`Archive reel ${i + 1}`, `Archivo ${i + 1}`, `Arquivo ${i + 1}`, `أرشيف ${i + 1}`),
    description: t('A reel from the archive.', 'Una cinta del archivo.', 'Uma bobina do arquivo.', 'شريط من الأرشيف.'),
    category: LOAD_TEST_CATEGORY,
    durationSeconds: 600,
  }));
}

/**
 * Every title row, in order: the older content, videos, events, series, playlists, channels,
 * then `loadTitles` generated ones ({@link loadTestTitles}; 0 unless a load test asks).
 */
export function seedTitles(loadTitles = 0): TitleInsert[] {
  const seeds = [...allSeeds(), ...loadTestTitles(loadTitles)];
  const perCategory = new Map<string, number>();
  return seeds.map((seed, index) => {
    const n = perCategory.get(seed.category) ?? 0;
    perCategory.set(seed.category, n + 1);
    return {
      id: seed.id,
      type: seed.type,
      title: seed.title,
      description: seed.description,
      category: seed.category,
      ageRating: seedAgeRating(seed.id, seed.category),
      colours: coloursFor(seed.category, n),
      licenceIds: seed.licenceIds ?? [],
      durationSeconds: seed.durationSeconds ?? null,
      releaseOffsetMinutes: seed.releasedDaysAgo === undefined ? null : -seed.releasedDaysAgo * D,
      startOffsetMinutes: seed.start ?? null,
      endOffsetMinutes: seed.end ?? null,
      hasReplay: seed.hasReplay ?? false,
      parentId: seed.parentId ?? null,
      number: seed.number ?? null,
      popularity: seed.popularity ?? 0,
      mediaAsset: PLAYABLE.has(seed.type) ? SAMPLE_MEDIA : null,
      sortOrder: index + 1,
    };
  });
}
