/**
 * News feeds and their items (docs/sandbox.md "Catalogue"): `headlines` and `fight-news`, five
 * items each, published minutes to days before the catalogue anchor. Every text is this
 * project's own.
 */
import type { newsFeeds, newsItems } from '../db/schema.js';
import type { Localized, LocalizedParagraphs } from '../db/types.js';
import { coloursFor, t } from './texts.js';
import { TITLE_IDS as I } from './titles.js';

type FeedInsert = typeof newsFeeds.$inferInsert;
type ItemInsert = typeof newsItems.$inferInsert;

/** The news feed ids (the `:feedName` of NEWS_ITEM). */
export const NEWS_FEED_IDS = { headlines: 'headlines', fightNews: 'fight-news' } as const;

interface ItemSeed {
  id: string;
  title: Localized;
  summary: Localized;
  /** Two paragraphs per locale: [en, es, pt, ar]. */
  body: [string[], string[], string[], string[]];
  minutesAgo: number;
  category: string;
  related?: string[];
}

const H = 60;
const D = 24 * H;

const FEEDS: { id: string; title: Localized; description: Localized; items: ItemSeed[] }[] = [
  {
    id: NEWS_FEED_IDS.headlines,
    title: t('Headlines', 'Titulares', 'Manchetes', 'العناوين'),
    description: t('The sports stories of the day.', 'Las noticias deportivas del día.', 'As notícias esportivas do dia.', 'أخبار الرياضة اليوم.'),
    items: [
      {
        id: 'news-crown-cup-semi-preview',
        category: 'football',
        minutesAgo: 90,
        related: [I.cupSemiFinal, I.cupFinal],
        title: t('Riverside and Northgate meet for a place in the final', 'Riverside y Northgate se juegan una plaza en la final', 'Riverside e Northgate disputam uma vaga na final', 'ريفرسايد ونورثغيت يتنافسان على مقعد في النهائي'),
        summary: t(
          'Both coaches expect a tight semi-final; kick-off is tonight.',
          'Los dos entrenadores esperan una semifinal igualada; el partido es esta noche.',
          'Os dois treinadores esperam uma semifinal equilibrada; o jogo é hoje à noite.',
          'يتوقع المدربان نصف نهائي متقاربًا، وتنطلق المباراة الليلة.',
        ),
        body: [
          ['Riverside have not lost at home since the autumn, and Northgate arrive with the best defence of the cup.', 'The winner meets the holders in the Crown Cup Final.'],
          ['El Riverside no pierde en casa desde el otoño y el Northgate llega con la mejor defensa de la copa.', 'El ganador se enfrentará al vigente campeón en la final de la Copa de la Corona.'],
          ['O Riverside não perde em casa desde o outono e o Northgate chega com a melhor defesa da copa.', 'O vencedor enfrenta o atual campeão na final da Copa da Coroa.'],
          ['لم يخسر ريفرسايد على أرضه منذ الخريف، ويصل نورثغيت بأفضل دفاع في الكأس.', 'يلتقي الفائز حامل اللقب في نهائي كأس التاج.'],
        ],
      },
      {
        id: 'news-rally-stage-five',
        category: 'motorsport',
        minutesAgo: 5 * H,
        related: [I.rallyStage],
        title: t('Sandstorm shortens stage five of the rally raid', 'Una tormenta de arena acorta la quinta etapa del rally raid', 'Tempestade de areia encurta a quinta etapa do rali raid', 'عاصفة رملية تختصر المرحلة الخامسة من رالي رايد'),
        summary: t(
          'Organisers stopped the stage at the second checkpoint; the overall lead is unchanged.',
          'La organización detuvo la etapa en el segundo control; el liderato no cambia.',
          'A organização parou a etapa no segundo posto de controle; a liderança não muda.',
          'أوقف المنظمون المرحلة عند نقطة التفتيش الثانية، ولم يتغير المتصدر.',
        ),
        body: [
          ['Visibility fell to a few metres in the afternoon and the cars were held at the second checkpoint.', 'Stage six, the longest of the raid, starts as planned.'],
          ['La visibilidad cayó a pocos metros por la tarde y los coches quedaron retenidos en el segundo control.', 'La sexta etapa, la más larga del raid, sale según lo previsto.'],
          ['A visibilidade caiu para poucos metros à tarde e os carros ficaram retidos no segundo posto.', 'A sexta etapa, a mais longa do raide, larga como previsto.'],
          ['انخفضت الرؤية إلى بضعة أمتار بعد الظهر واحتُجزت السيارات عند نقطة التفتيش الثانية.', 'تنطلق المرحلة السادسة، وهي الأطول، كما هو مخطط.'],
        ],
      },
      {
        id: 'news-court-kings-final-set',
        category: 'basketball',
        minutesAgo: D + 2 * H,
        related: ['up-court-kings-final', 'ended-court-kings-semi'],
        title: t('Court Kings final set after game-seven thriller', 'Final de Reyes de la pista decidida tras un séptimo partido de infarto', 'Final dos Reis da Quadra definida após jogo sete eletrizante', 'تحديد نهائي ملوك الملعب بعد مباراة سابعة مثيرة'),
        summary: t(
          'Two free throws with a second left sent the Harbour Hawks to the final.',
          'Dos tiros libres a un segundo del final mandan a los Harbour Hawks a la final.',
          'Dois lances livres a um segundo do fim levaram os Harbour Hawks à final.',
          'رميتان حرتان قبل ثانية من النهاية قادتا هاربور هوكس إلى النهائي.',
        ),
        body: [
          ['The Hawks trailed by eleven at half-time and never led until the last second.', 'The final is one game, on neutral ground.'],
          ['Los Hawks perdían de once al descanso y no fueron por delante hasta el último segundo.', 'La final es a un partido, en campo neutral.'],
          ['Os Hawks perdiam por onze no intervalo e só passaram à frente no último segundo.', 'A final é em jogo único, em campo neutro.'],
          ['كان هوكس متأخرين بإحدى عشرة نقطة بين الشوطين ولم يتقدموا إلا في الثانية الأخيرة.', 'النهائي مباراة واحدة على أرض محايدة.'],
        ],
      },
      {
        id: 'news-academy-season-two',
        category: 'drama',
        minutesAgo: 2 * D,
        related: [I.academy, I.academySeason2],
        title: t('The Academy returns for a second season', 'La Academia vuelve con una segunda temporada', 'A Academia volta para uma segunda temporada', 'الأكاديمية تعود بموسم ثانٍ'),
        summary: t(
          'All three new episodes are out now on Stream.',
          'Los tres nuevos episodios ya están en Stream.',
          'Os três novos episódios já estão no Stream.',
          'الحلقات الثلاث الجديدة متاحة الآن على ستريم.',
        ),
        body: [
          ['The second season follows the players into their contract year.', 'The cast trained with a youth team for a month before filming.'],
          ['La segunda temporada sigue a los jugadores en su año de contratos.', 'El reparto entrenó con un equipo juvenil durante un mes antes del rodaje.'],
          ['A segunda temporada acompanha os jogadores no ano dos contratos.', 'O elenco treinou com um time juvenil por um mês antes das filmagens.'],
          ['يتابع الموسم الثاني اللاعبين في عام العقود.', 'تدرّب الممثلون مع فريق للشباب شهرًا كاملًا قبل التصوير.'],
        ],
      },
      {
        id: 'news-athletics-mile-record',
        category: 'athletics',
        minutesAgo: 4 * D,
        related: ['up-indoor-athletics'],
        title: t('Mile record attempt confirmed for indoor night', 'Confirmado el intento de récord de la milla en la noche de pista cubierta', 'Tentativa de recorde da milha confirmada na noite indoor', 'تأكيد محاولة كسر رقم الميل في الليلة الداخلية'),
        summary: t(
          'Pacing lights will be used for the first time at the meeting.',
          'Por primera vez se usarán luces de ritmo en la reunión.',
          'Luzes de ritmo serão usadas pela primeira vez no evento.',
          'ستُستخدم أضواء ضبط الإيقاع لأول مرة في اللقاء.',
        ),
        body: [
          ['Three runners have said they will go for the record.', 'The meeting is free to watch on Stream.'],
          ['Tres corredores han dicho que irán a por el récord.', 'La reunión se puede ver gratis en Stream.'],
          ['Três corredores disseram que vão buscar o recorde.', 'O evento é grátis no Stream.'],
          ['أعلن ثلاثة عدائين أنهم سيحاولون كسر الرقم.', 'يمكن مشاهدة اللقاء مجانًا على ستريم.'],
        ],
      },
    ],
  },
  {
    id: NEWS_FEED_IDS.fightNews,
    title: t('Fight News', 'Noticias de combate', 'Notícias de Luta', 'أخبار النزالات'),
    description: t('Results, rankings and fight-week stories.', 'Resultados, clasificaciones e historias de la semana del combate.', 'Resultados, rankings e histórias da semana da luta.', 'نتائج وتصنيفات وقصص أسبوع النزال.'),
    items: [
      {
        id: 'news-weigh-in-results',
        category: 'combat',
        minutesAgo: 45,
        related: [I.fightNight43, I.fightWeekStudio],
        title: t('Every fighter makes weight for Fight Night 43', 'Todos los luchadores dan el peso para la Noche de Combate 43', 'Todos os lutadores batem o peso para a Noite da Luta 43', 'جميع المقاتلين يضبطون الوزن لليلة النزال 43'),
        summary: t(
          'The main event is official after a calm weigh-in.',
          'El combate estelar es oficial tras un pesaje tranquilo.',
          'A luta principal é oficial depois de uma pesagem tranquila.',
          'أصبح النزال الرئيسي رسميًا بعد ميزان هادئ.',
        ),
        body: [
          ['Both lightweights stepped on the scales within the limit at the first attempt.', 'The card starts tomorrow night, live on Stream.'],
          ['Los dos pesos ligeros dieron el peso al primer intento.', 'La cartelera empieza mañana por la noche, en directo en Stream.'],
          ['Os dois pesos leves bateram o peso na primeira tentativa.', 'O card começa amanhã à noite, ao vivo no Stream.'],
          ['صعد مقاتلا الوزن الخفيف على الميزان ضمن الحد من المحاولة الأولى.', 'تنطلق البطاقة مساء الغد مباشرة على ستريم.'],
        ],
      },
      {
        id: 'news-fight-night-42-results',
        category: 'combat',
        minutesAgo: 3 * D - 30,
        related: [I.fightNight42, I.knockoutPlaylist],
        title: t('Fight Night 42: a knockout of the year contender', 'Noche de Combate 42: candidato a nocaut del año', 'Noite da Luta 42: candidato a nocaute do ano', 'ليلة النزال 42: مرشح لضربة العام القاضية'),
        summary: t(
          'The welterweight co-main ended in the first round.',
          'El coestelar del peso wélter terminó en el primer asalto.',
          'A luta coprincipal do meio-médio terminou no primeiro round.',
          'انتهى النزال المشارك في الرئيسي بوزن الويلتر في الجولة الأولى.',
        ),
        body: [
          ['A short left hook ended the fight at two minutes of the first round.', 'The full card is on replay now.'],
          ['Un gancho de izquierda corto acabó el combate a los dos minutos del primer asalto.', 'La cartelera completa ya está en diferido.'],
          ['Um cruzado curto de esquerda encerrou a luta aos dois minutos do primeiro round.', 'O card completo já está em reprise.'],
          ['أنهت لكمة خطافية يسرى قصيرة النزال عند الدقيقة الثانية من الجولة الأولى.', 'البطاقة كاملة متاحة الآن بالإعادة.'],
        ],
      },
      {
        id: 'news-rankings-update',
        category: 'combat',
        minutesAgo: 2 * D + 6 * H,
        title: t('Rankings update: new contenders at welterweight', 'Actualización de la clasificación: nuevos aspirantes en el peso wélter', 'Atualização do ranking: novos desafiantes no meio-médio', 'تحديث التصنيف: منافسون جدد في وزن الويلتر'),
        summary: t(
          'Two wins at Fight Night 42 reshuffle the top five.',
          'Dos victorias en la Noche de Combate 42 reordenan los cinco primeros.',
          'Duas vitórias na Noite da Luta 42 mexem no top cinco.',
          'فوزان في ليلة النزال 42 يعيدان ترتيب المراكز الخمسة الأولى.',
        ),
        body: [
          ['The panel moved two fighters up after their wins.', 'The champion defends her belt next week.'],
          ['El panel subió a dos luchadores tras sus victorias.', 'La campeona defiende su cinturón la semana que viene.'],
          ['O painel subiu dois lutadores após as vitórias.', 'A campeã defende o cinturão na semana que vem.'],
          ['رفعت اللجنة مقاتلَين في التصنيف بعد فوزهما.', 'تدافع البطلة عن حزامها الأسبوع المقبل.'],
        ],
      },
      {
        id: 'news-womens-title-announced',
        category: 'combat',
        minutesAgo: 5 * D,
        related: ['up-womens-flyweight-title', 'vod-training-camp'],
        title: t("Women's flyweight title fight announced", 'Anunciado el combate por el título del peso mosca femenino', 'Anunciada a disputa do título peso mosca feminino', 'الإعلان عن نزال لقب وزن الذبابة للسيدات'),
        summary: t(
          'A rematch eight years after their amateur final.',
          'Una revancha ocho años después de su final amateur.',
          'Uma revanche oito anos depois da final amadora.',
          'مواجهة ثأرية بعد ثماني سنوات من نهائي الهواة بينهما.',
        ),
        body: [
          ['The champion has won seven in a row; the challenger has never been stopped.', 'The fight closes a week of live events on Stream.'],
          ['La campeona suma siete victorias seguidas; la aspirante nunca ha sido detenida.', 'El combate cierra una semana de eventos en directo en Stream.'],
          ['A campeã venceu sete seguidas; a desafiante nunca foi interrompida.', 'A luta fecha uma semana de eventos ao vivo no Stream.'],
          ['فازت البطلة سبع مرات متتالية، ولم تُوقف المنافسة قط.', 'يختتم النزال أسبوعًا من الأحداث المباشرة على ستريم.'],
        ],
      },
      {
        id: 'news-ring-stories-renewed',
        category: 'combat',
        minutesAgo: 9 * D,
        related: [I.ringStories],
        title: t('Ring Stories renewed after its second season', 'Historias del ring renovada tras su segunda temporada', 'Histórias do Ringue renovada após a segunda temporada', 'تجديد حكايات الحلبة بعد موسمها الثاني'),
        summary: t(
          'The documentary series will follow three fighters through a full year.',
          'La serie documental seguirá a tres luchadores durante un año entero.',
          'A série documental vai acompanhar três lutadores durante um ano inteiro.',
          'ستتابع السلسلة الوثائقية ثلاثة مقاتلين على مدى عام كامل.',
        ),
        body: [
          ['Filming starts at three gyms on three continents.', 'Both seasons are on Stream now.'],
          ['El rodaje empieza en tres gimnasios de tres continentes.', 'Las dos temporadas ya están en Stream.'],
          ['As filmagens começam em três academias de três continentes.', 'As duas temporadas já estão no Stream.'],
          ['يبدأ التصوير في ثلاثة أندية في ثلاث قارات.', 'الموسمان متاحان الآن على ستريم.'],
        ],
      },
    ],
  },
];

/** The feeds and their items. */
export function seedNews(): { feeds: FeedInsert[]; items: ItemInsert[] } {
  const feeds = FEEDS.map<FeedInsert>((feed, index) => ({ id: feed.id, title: feed.title, description: feed.description, sortOrder: index }));
  const items = FEEDS.flatMap((feed) =>
    feed.items.map<ItemInsert>((item, index) => {
      const [en, es, pt, ar] = item.body;
      const body: LocalizedParagraphs = { en, es, pt, ar };
      return {
        id: item.id,
        feedId: feed.id,
        title: item.title,
        summary: item.summary,
        body,
        publishedOffsetMinutes: -item.minutesAgo,
        colours: coloursFor(item.category, index),
        relatedTitleIds: item.related ?? [],
      };
    }),
  );
  return { feeds, items };
}
