import type { Language } from '@cotacep/shared/languages';
import { escapeHtml } from '../../lib/escape-html.ts';

/** Percent of the month's quota a notice is sent at (decision 007). */
export type QuotaThreshold = 80 | 100;

export type QuotaEmailInput = {
  threshold: QuotaThreshold;
  language: Language;
  name: string;
  appName: string;
  planName: string;
  used: number;
  quota: number;
  /** When the quota renews: 00:00 UTC on the first day of the next month. */
  resetsAt: Date;
  /** The pricing page, where a bigger plan is bought. */
  upgradeUrl: string;
};

type Figures = { used: string; quota: string; plan: string; date: string; app: string };

type QuotaTexts = {
  subject: Record<QuotaThreshold, (f: Figures) => string>;
  greeting: (name: string) => string;
  state: Record<QuotaThreshold, (f: Figures) => string>;
  reset: (f: Figures) => string;
  upgrade: string;
};

const TEXTS: Record<Language, QuotaTexts> = {
  en: {
    subject: {
      80: (f) => `You have used 80% of your ${f.app} monthly quota`,
      100: (f) => `Your ${f.app} monthly quota is used up`,
    },
    greeting: (name) => `Hello ${name},`,
    state: {
      80: (f) =>
        `Your tokens have used ${f.used} of the ${f.quota} requests your ${f.plan} plan includes this month (80%). Only successful answers (2xx and 304) count.`,
      100: (f) =>
        `Your tokens have used all ${f.quota} requests your ${f.plan} plan includes this month (${f.used} counted). Further requests are refused with 429 quota_exceeded until the quota renews.`,
    },
    reset: (f) => `The quota renews on ${f.date} at 00:00 UTC.`,
    upgrade: 'To keep going without interruption, move to a bigger plan:',
  },
  'pt-BR': {
    subject: {
      80: (f) => `Você usou 80% da cota mensal da ${f.app}`,
      100: (f) => `A cota mensal da ${f.app} acabou`,
    },
    greeting: (name) => `Olá, ${name},`,
    state: {
      80: (f) =>
        `Seus tokens usaram ${f.used} das ${f.quota} requisições que o plano ${f.plan} inclui neste mês (80%). Só respostas de sucesso (2xx e 304) contam.`,
      100: (f) =>
        `Seus tokens usaram todas as ${f.quota} requisições que o plano ${f.plan} inclui neste mês (${f.used} contadas). Novas requisições são recusadas com 429 quota_exceeded até a cota renovar.`,
    },
    reset: (f) => `A cota renova em ${f.date}, às 00:00 UTC.`,
    upgrade: 'Para continuar sem interrupção, mude para um plano maior:',
  },
};

/** The notice that an account's month reached 80 % or 100 % of its quota, in its language, text and HTML. */
export function renderQuotaEmail(input: QuotaEmailInput): { subject: string; text: string; html: string } {
  const texts = TEXTS[input.language];
  const numbers = new Intl.NumberFormat(input.language);
  const figures: Figures = {
    used: numbers.format(input.used),
    quota: numbers.format(input.quota),
    plan: input.planName,
    app: input.appName,
    date: new Intl.DateTimeFormat(input.language, { dateStyle: 'long', timeZone: 'UTC' }).format(
      input.resetsAt,
    ),
  };
  const greeting = texts.greeting(input.name);
  const state = texts.state[input.threshold](figures);
  const reset = texts.reset(figures);
  const text = [greeting, '', state, '', reset, '', texts.upgrade, input.upgradeUrl, '', input.appName].join(
    '\n',
  );
  const e = escapeHtml;
  const html = [
    `<!doctype html><html lang="${input.language}"><body style="font-family:sans-serif;color:#1a1b1e">`,
    `<p>${e(greeting)}</p>`,
    `<p>${e(state)}</p>`,
    `<p>${e(reset)}</p>`,
    `<p>${e(texts.upgrade)} <a href="${e(input.upgradeUrl)}">${e(input.upgradeUrl)}</a></p>`,
    `<p>${e(input.appName)}</p></body></html>`,
  ].join('');
  return { subject: texts.subject[input.threshold](figures), text, html };
}
