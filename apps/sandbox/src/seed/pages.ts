/**
 * External pages (routes EXTERNAL_PAGE, MOBILE_EXTERNAL_PAGE; docs/sandbox.md "Catalogue"): about
 * the service, and help. Every text is this project's own.
 */
import type { externalPages } from '../db/schema.js';
import type { LocalizedBlocks, PageBlockRow } from '../db/types.js';
import { t } from './texts.js';

type PageInsert = typeof externalPages.$inferInsert;

/** The external page ids. */
export const EXTERNAL_PAGE_IDS = { about: 'about', help: 'help' } as const;

/** Blocks written as `[type, text]` (`link`: `[type, text, url]`), one list per locale: en, es, pt, ar. */
type BlockSeed = ['heading' | 'paragraph', string] | ['link', string, string];

const blocks = (...locales: [BlockSeed[], BlockSeed[], BlockSeed[], BlockSeed[]]): LocalizedBlocks => {
  const toRows = (list: BlockSeed[]): PageBlockRow[] =>
    list.map(([type, text, url]) => (url === undefined ? { type, text } : { type, text, url }));
  const [en, es, pt, ar] = locales.map(toRows) as [PageBlockRow[], PageBlockRow[], PageBlockRow[], PageBlockRow[]];
  return { en, es, pt, ar };
};

/** The pages. */
export function seedPages(): PageInsert[] {
  return [
    {
      id: EXTERNAL_PAGE_IDS.about,
      title: t('About Stream', 'Acerca de Stream', 'Sobre o Stream', 'عن ستريم'),
      description: t('Who we are and what you can watch.', 'Quiénes somos y qué puedes ver.', 'Quem somos e o que você pode assistir.', 'من نحن وماذا يمكنك أن تشاهد.'),
      updatedOffsetDays: -14,
      blocks: blocks(
        [
          ['heading', 'Live sport and stories, in one place'],
          ['paragraph', 'Stream shows live football, basketball, motorsport and fight nights, with films, series and documentaries between the games.'],
          ['paragraph', 'Some titles are free for everyone; the others come with a plan. You can change or pause your plan at any time from your account.'],
          ['link', 'See the plans', '/purchase'],
        ],
        [
          ['heading', 'Deporte en directo e historias, en un solo lugar'],
          ['paragraph', 'Stream emite fútbol, baloncesto, motor y noches de combate en directo, con películas, series y documentales entre partido y partido.'],
          ['paragraph', 'Algunos títulos son gratis para todos; los demás vienen con un plan. Puedes cambiar o pausar tu plan cuando quieras desde tu cuenta.'],
          ['link', 'Ver los planes', '/purchase'],
        ],
        [
          ['heading', 'Esporte ao vivo e histórias, em um só lugar'],
          ['paragraph', 'O Stream transmite futebol, basquete, automobilismo e noites de luta ao vivo, com filmes, séries e documentários entre os jogos.'],
          ['paragraph', 'Alguns títulos são grátis para todos; os outros vêm com um plano. Você pode mudar ou pausar seu plano quando quiser na sua conta.'],
          ['link', 'Ver os planos', '/purchase'],
        ],
        [
          ['heading', 'رياضة مباشرة وحكايات في مكان واحد'],
          ['paragraph', 'يعرض ستريم مباريات كرة القدم وكرة السلة ورياضة السيارات وليالي النزال مباشرة، مع أفلام ومسلسلات ووثائقيات بين المباريات.'],
          ['paragraph', 'بعض العناوين مجانية للجميع، والبقية ضمن خطة اشتراك. يمكنك تغيير خطتك أو إيقافها مؤقتًا في أي وقت من حسابك.'],
          ['link', 'اطّلع على الخطط', '/purchase'],
        ],
      ),
    },
    {
      id: EXTERNAL_PAGE_IDS.help,
      title: t('Help and questions', 'Ayuda y preguntas', 'Ajuda e perguntas', 'المساعدة والأسئلة'),
      description: t('Answers to the questions viewers ask most.', 'Respuestas a las preguntas más frecuentes.', 'Respostas às perguntas mais frequentes.', 'إجابات عن أكثر الأسئلة شيوعًا.'),
      updatedOffsetDays: -3,
      blocks: blocks(
        [
          ['heading', 'Why does a video ask me to subscribe?'],
          ['paragraph', 'Premium titles need a plan that includes them. The page of each title names the plans that unlock it.'],
          ['heading', 'Can I watch an event after it ends?'],
          ['paragraph', 'Most live events have a full replay a few minutes after the end. Press conferences and studio shows are live only.'],
          ['heading', 'Which devices can I use?'],
          ['paragraph', 'Any recent browser on a computer, phone or tablet. The video adapts to your connection.'],
          ['link', 'Manage your account', '/account'],
        ],
        [
          ['heading', '¿Por qué un vídeo me pide suscribirme?'],
          ['paragraph', 'Los títulos premium necesitan un plan que los incluya. La página de cada título indica los planes que lo desbloquean.'],
          ['heading', '¿Puedo ver un evento cuando termina?'],
          ['paragraph', 'La mayoría de los eventos en directo tienen la repetición completa unos minutos después del final. Las ruedas de prensa y los programas de estudio son solo en directo.'],
          ['heading', '¿Qué dispositivos puedo usar?'],
          ['paragraph', 'Cualquier navegador reciente en un ordenador, teléfono o tableta. El vídeo se adapta a tu conexión.'],
          ['link', 'Gestionar tu cuenta', '/account'],
        ],
        [
          ['heading', 'Por que um vídeo pede que eu assine?'],
          ['paragraph', 'Os títulos premium precisam de um plano que os inclua. A página de cada título mostra os planos que o liberam.'],
          ['heading', 'Posso ver um evento depois que ele termina?'],
          ['paragraph', 'A maioria dos eventos ao vivo tem a reprise completa poucos minutos depois do fim. Coletivas de imprensa e programas de estúdio são só ao vivo.'],
          ['heading', 'Quais dispositivos posso usar?'],
          ['paragraph', 'Qualquer navegador recente em computador, celular ou tablet. O vídeo se adapta à sua conexão.'],
          ['link', 'Gerenciar sua conta', '/account'],
        ],
        [
          ['heading', 'لماذا يطلب مني فيديو الاشتراك؟'],
          ['paragraph', 'تحتاج العناوين المميزة إلى خطة تتضمنها. تذكر صفحة كل عنوان الخطط التي تتيحه.'],
          ['heading', 'هل يمكنني مشاهدة حدث بعد انتهائه؟'],
          ['paragraph', 'معظم الأحداث المباشرة تتوفر إعادتها كاملة بعد دقائق من نهايتها. أما المؤتمرات الصحفية وبرامج الاستوديو فمباشرة فقط.'],
          ['heading', 'ما الأجهزة التي يمكنني استخدامها؟'],
          ['paragraph', 'أي متصفح حديث على حاسوب أو هاتف أو جهاز لوحي. يتكيف الفيديو مع سرعة اتصالك.'],
          ['link', 'إدارة حسابك', '/account'],
        ],
      ),
    },
  ];
}
