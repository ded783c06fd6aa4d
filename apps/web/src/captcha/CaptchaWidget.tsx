/**
 * The realm's captcha widget on the web (issue 18 "Captcha"; commerce §3 app-state captcha flags,
 * §8 `captchaFailed`; docs/api.md "Captcha"): loads the widget script the realm setting names
 * (`captcha.scriptUrl`, a path on the platform resolved against the API base URL) once per
 * address, renders it with the realm's `siteKey`, and hands its token to the flow (`onSolved`),
 * or says it ran out (`onExpired`). When the flow's flags lose the solved challenge (the token was
 * spent by a call, whatever its answer, or refused), the widget is reset, so a fresh challenge
 * shows: every retry needs a new solve. When the flow was asked to send without one (the flags'
 * `prompt`), the widget says so (`captchaSolveFirst`, an alert) and takes the focus. A widget that
 * leaves the page with its challenge solved and unspent tells the flow it ran out (`onExpired`):
 * a token is never held without the ticked box that shows it. Tokens are never logged.
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { RealmCaptcha, RealmSettings } from '@stream/core/contracts';
import { absoluteHttpUrl, CAPTCHA_PROMPT_KEY, type CaptchaView } from '@stream/core/domain';
import { useI18n, useServices } from '../app/context';

/** The part of the widget script's global the app uses (`window.streamCaptcha`). */
interface CaptchaGlobal {
  render(
    container: HTMLElement,
    params: { sitekey: string; label?: string; callback(token: string): void; 'expired-callback'(): void; 'error-callback'(): void },
  ): number;
  reset(widgetId: number): void;
}

const loads = new Map<string, Promise<CaptchaGlobal>>();

/** Loads the widget script at `src` once (a failed load is forgotten, so a retry loads again). */
function loadCaptchaScript(src: string): Promise<CaptchaGlobal> {
  const known = loads.get(src);
  if (known) return known;
  const loading = new Promise<CaptchaGlobal>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => {
      const api = (window as unknown as { streamCaptcha?: CaptchaGlobal }).streamCaptcha;
      if (api) resolve(api);
      else reject(new Error('The captcha script defined no widget API'));
    };
    script.onerror = () => {
      script.remove();
      reject(new Error('The captcha script did not load'));
    };
    document.head.append(script);
  });
  loading.catch(() => loads.delete(src));
  loads.set(src, loading);
  return loading;
}

/** The realm's captcha setting when it guards `purpose`, else null (no setting, or not loaded yet). */
export function captchaFor(settings: RealmSettings | undefined | null, purpose: 'signUp' | 'payment'): RealmCaptcha | null {
  const captcha = settings?.captcha;
  return captcha && captcha[purpose] ? captcha : null;
}

/** The part of a flow's view the widget uses (core's `connectPayment` and credentials forms give it). */
export interface CaptchaFlow {
  /** The flags (core `captchaView`): `solved` going false resets the widget; `prompt` shows the prompt and focuses the box. */
  captcha: Pick<CaptchaView, 'solved' | 'prompt'>;
  /** The widget answered a token. */
  solveCaptcha(token: string): void;
  /** The widget's token ran out (or the widget left the page solved). */
  expireCaptcha(): void;
}

/** Props of {@link CaptchaWidget}. */
export interface CaptchaWidgetProps {
  setting: RealmCaptcha;
  /** The flow the widget answers to. */
  flow: CaptchaFlow;
}

/**
 * The widget, in a labelled group (`captchaTitle`); a failed script load says so
 * (`captchaUnavailable`); the flow's prompt shows `captchaSolveFirst` below it.
 */
export function CaptchaWidget({ setting, flow }: CaptchaWidgetProps) {
  const { solved, prompt } = flow.captcha;
  const { t } = useI18n();
  const promptId = useId();
  const { config } = useServices();
  const container = useRef<HTMLDivElement>(null);
  const widget = useRef<{ api: CaptchaGlobal; id: number } | null>(null);
  const [failed, setFailed] = useState(false);
  const handlers = useRef({ onSolved: flow.solveCaptcha, onExpired: flow.expireCaptcha });
  handlers.current = { onSolved: flow.solveCaptcha, onExpired: flow.expireCaptcha };

  useEffect(() => {
    let live = true;
    const src = absoluteHttpUrl(setting.scriptUrl, config.apiBaseUrl);
    if (src === null) {
      setFailed(true);
      return;
    }
    loadCaptchaScript(src).then(
      (api) => {
        if (!live || !container.current || widget.current) return;
        const id = api.render(container.current, {
          sitekey: setting.siteKey,
          label: t('captchaCheckbox'),
          callback: (token) => handlers.current.onSolved(token),
          'expired-callback': () => handlers.current.onExpired(),
          'error-callback': () => setFailed(true),
        });
        widget.current = { api, id };
      },
      () => {
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
    // The widget is rendered once per mount; the label is read then.
  }, [setting.scriptUrl, setting.siteKey, config.apiBaseUrl]);

  // A spent or refused token: a fresh challenge.
  const wasSolved = useRef(solved);
  useEffect(() => {
    if (wasSolved.current && !solved && widget.current) widget.current.api.reset(widget.current.id);
    wasSolved.current = solved;
  }, [solved]);

  // Leaving the page solved and unspent: the flow drops the token (another widget starts unticked).
  useEffect(
    () => () => {
      if (wasSolved.current) handlers.current.onExpired();
    },
    [],
  );

  // Asked to send without a solved challenge: the focus goes to the challenge.
  useEffect(() => {
    if (prompt) container.current?.querySelector<HTMLElement>('input, button, [tabindex]')?.focus();
  }, [prompt]);

  return (
    <div className="captcha" role="group" aria-label={t('captchaTitle')} aria-describedby={prompt ? promptId : undefined}>
      <div ref={container} />
      {prompt ? (
        <p id={promptId} className="field__error" role="alert">
          {t(CAPTCHA_PROMPT_KEY)}
        </p>
      ) : null}
      {failed ? (
        <p className="field__error" role="alert">
          {t('captchaUnavailable')}
        </p>
      ) : null}
    </div>
  );
}
