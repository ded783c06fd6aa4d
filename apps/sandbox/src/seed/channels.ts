/**
 * The programmes of the four live channels (docs/sandbox.md "Catalogue"): one week that repeats,
 * each day from 00:00 UTC filled with the channel's programmes in turn (the rotation starts at
 * another programme each day), the day's last programme cut to end at midnight, so a channel's
 * week has no gap and no overlap.
 */
import type { programmes } from '../db/schema.js';
import type { Localized } from '../db/types.js';
import { t } from './texts.js';
import { TITLE_IDS as I, seededTitleText } from './titles.js';

type ProgrammeInsert = typeof programmes.$inferInsert;

/** Minutes in a day and in the week of the cycle. */
export const DAY_MINUTES = 24 * 60;
export const WEEK_MINUTES = 7 * DAY_MINUTES;

interface ProgrammeTemplate {
  title: Localized;
  minutes: number;
  category: string;
}

/** A film of the catalogue shown on the cinema channel, under its own title. */
const film = (titleId: string, minutes: number): ProgrammeTemplate => ({ title: seededTitleText(titleId), minutes, category: 'film' });

/** A programme of the fight channel, where every programme is `combat`. */
const combat = (title: Localized, minutes: number): ProgrammeTemplate => ({ title, minutes, category: 'combat' });

/** The news bulletin, every other programme of the news channel. */
const onTheHour: ProgrammeTemplate = { title: t('News on the Hour', 'Noticias en punto', 'Notícias de Hora em Hora', 'الأخبار على رأس الساعة'), minutes: 30, category: 'news' };

/** Each channel's programmes, in the order they rotate. */
const SCHEDULES: Record<string, () => ProgrammeTemplate[]> = {
  [I.sportsChannel]: () => [
    { title: t('Morning Kick-off', 'Arranque matinal', 'Pontapé Matinal', 'انطلاقة الصباح'), minutes: 60, category: 'magazine' },
    { title: t('Matchday Live', 'Jornada en directo', 'Rodada ao Vivo', 'يوم المباراة مباشرة'), minutes: 120, category: 'football' },
    { title: t('Goals and Glory', 'Goles y gloria', 'Gols e Glória', 'أهداف ومجد'), minutes: 30, category: 'football' },
    { title: t('Court Kings Classics', 'Clásicos de Reyes de la pista', 'Clássicos dos Reis da Quadra', 'كلاسيكيات ملوك الملعب'), minutes: 90, category: 'basketball' },
    { title: t('Paddock Talk', 'Charla de paddock', 'Papo de Paddock', 'أحاديث منطقة الصيانة'), minutes: 60, category: 'motorsport' },
    { title: t('Rally Raid Daily', 'Rally Raid al día', 'Rali Raid Diário', 'رالي رايد اليومي'), minutes: 30, category: 'motorsport' },
    { title: t('Late Tackle', 'Entrada a destiempo', 'Carrinho Atrasado', 'التدخل المتأخر'), minutes: 60, category: 'magazine' },
  ],
  [I.fightChannel]: () => [
    combat(t('Fight Classics', 'Combates clásicos', 'Lutas Clássicas', 'نزالات كلاسيكية'), 120),
    combat(t('Countdown to Fight Night', 'Cuenta atrás para la noche de combate', 'Contagem Regressiva para a Noite da Luta', 'العد التنازلي لليلة النزال'), 60),
    combat(t('The Weigh-in Show', 'El programa del pesaje', 'O Programa da Pesagem', 'برنامج الميزان'), 30),
    combat(t('Cage Tactics', 'Táctica en la jaula', 'Tática no Cage', 'تكتيكات القفص'), 30),
    combat(t('Knockout Hour', 'La hora del nocaut', 'A Hora do Nocaute', 'ساعة الضربات القاضية'), 60),
  ],
  [I.cinemaChannel]: () => [
    film(I.harbourLights, 105),
    film('vod-snowline', 100),
    { title: t('Short Film Corner', 'Rincón del cortometraje', 'Cantinho do Curta', 'ركن الأفلام القصيرة'), minutes: 30, category: 'film' },
    film('vod-paper-crowns', 90),
    film('vod-city-of-echoes', 110),
    film('vod-slam-dunk-summer', 95),
    film(I.smallTownStriker, 90),
  ],
  [I.newsChannel]: () => [
    onTheHour,
    { title: t('Sports Desk', 'Mesa deportiva', 'Mesa Esportiva', 'مكتب الرياضة'), minutes: 30, category: 'news' },
    onTheHour,
    { title: t('Transfer Talk', 'Mercado de fichajes', 'Papo de Transferências', 'حديث الانتقالات'), minutes: 30, category: 'news' },
    { title: t('The Debrief', 'El análisis', 'A Análise', 'التحليل'), minutes: 60, category: 'magazine' },
  ],
};

/** The channels' programmes over one week (`weekOffsetMinutes` from Monday 00:00 UTC). */
export function seedProgrammes(): ProgrammeInsert[] {
  const rows: ProgrammeInsert[] = [];
  for (const [channelId, schedule] of Object.entries(SCHEDULES)) {
    const templates = schedule();
    for (let day = 0; day < 7; day += 1) {
      let minute = 0;
      let index = (day * 3) % templates.length;
      for (let n = 0; minute < DAY_MINUTES; n += 1, index = (index + 1) % templates.length) {
        const template = templates[index]!;
        const minutes = Math.min(template.minutes, DAY_MINUTES - minute);
        rows.push({
          id: `${channelId}-${day}-${n}`,
          channelId,
          weekOffsetMinutes: day * DAY_MINUTES + minute,
          durationMinutes: minutes,
          title: template.title,
          description: null,
          category: template.category,
        });
        minute += minutes;
      }
    }
  }
  return rows;
}
