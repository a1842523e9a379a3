import type { AuthProvidersResponse, CaptchaAction } from '@cotacep/shared/auth-responses';
import { Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getAuthProvidersQueryOptions, useAuthProviders } from '../../lib/auth/get-auth-providers.ts';
import { type CaptchaDriver, CaptchaIncompleteError } from './captcha-driver.ts';
import { mountCaptcha } from './mount-captcha.ts';

type CaptchaConfig = AuthProvidersResponse['captcha'];
type Mounted = { key: string; driver: Promise<CaptchaDriver> | null };
type Problem = 'required' | 'unavailable';

export type Captcha = {
  /** Where the widget sits in the form; nothing shows for "off" and reCAPTCHA v3. */
  field: ReactNode;
  /**
   * Sends with this submit's token (undefined when protection is off); sends nothing when the person must
   * act first, and the field says why.
   */
  withToken(send: (captchaToken: string | undefined) => void): Promise<void>;
  /** Call after the server answered: the token is spent either way. */
  reset(): void;
  isVerifying: boolean;
};

const hasVisibleWidget = (config: CaptchaConfig | undefined) =>
  Boolean(config && config.provider !== 'off' && config.provider !== 'recaptcha-v3');

/** The configured bot protection for one form: loads only that provider's widget and hands out tokens. */
export function useCaptcha(action: CaptchaAction): Captcha {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const config = useAuthProviders().data?.captcha;
  const language = i18n.resolvedLanguage ?? i18n.language;
  const container = useRef<HTMLDivElement>(null);
  const mounted = useRef<Mounted | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [isVerifying, setIsVerifying] = useState(false);

  const unmount = useCallback(() => {
    const current = mounted.current;
    mounted.current = null;
    current?.driver?.then((driver) => driver.destroy()).catch(() => undefined);
  }, []);

  const ensureDriver = useCallback(
    (settings: CaptchaConfig) => {
      const key = [settings.provider, settings.siteKey, settings.challengeUrl, action, language].join('|');
      if (mounted.current?.key === key) return mounted.current.driver;
      unmount();
      if (!container.current) return null;
      const driver = mountCaptcha(settings.provider, container.current, { ...settings, action, language });
      // A script that failed to load is tried again at the next submit.
      driver?.catch(() => {
        if (mounted.current?.driver === driver) mounted.current = null;
      });
      mounted.current = { key, driver };
      return driver;
    },
    [action, language, unmount],
  );

  useEffect(() => {
    if (config) ensureDriver(config)?.catch(() => setProblem('unavailable'));
  }, [config, ensureDriver]);
  useEffect(() => unmount, [unmount]);

  // The token for this submit; undefined when protection is off, null when the person must act first.
  const getToken = useCallback(async (): Promise<string | undefined | null> => {
    setProblem(null);
    // The providers answer first (a submit may come before the page's own request returned).
    const settings = await queryClient
      .ensureQueryData(getAuthProvidersQueryOptions())
      .then((answer) => answer.captcha)
      .catch(() => null);
    const driver = settings ? ensureDriver(settings) : null;
    if (!driver) return undefined;
    setIsVerifying(true);
    try {
      return await (await driver).getToken();
    } catch (error) {
      setProblem(error instanceof CaptchaIncompleteError ? 'required' : 'unavailable');
      return null;
    } finally {
      setIsVerifying(false);
    }
  }, [queryClient, ensureDriver]);

  const withToken = useCallback(
    async (send: (captchaToken: string | undefined) => void) => {
      const captchaToken = await getToken();
      if (captchaToken !== null) send(captchaToken);
    },
    [getToken],
  );

  const reset = useCallback(() => {
    mounted.current?.driver?.then((driver) => driver.reset()).catch(() => undefined);
  }, []);

  const field = (
    <div hidden={!hasVisibleWidget(config) && !problem}>
      <div ref={container} data-captcha={config?.provider} />
      {problem && (
        <Text c="red" size="sm" role="alert" mt={4}>
          {t(`captcha.${problem}`)}
        </Text>
      )}
    </div>
  );

  return { field, withToken, reset, isVerifying };
}
