import type { ActivityEntry } from '@cotacep/shared/audit-schemas';
import { describeUserAgent } from '@cotacep/shared/user-agent';
import { useTranslation } from 'react-i18next';
import { type TimePreferences, useFormatTime } from './use-format-time.ts';

export type EntryTexts = {
  time: string;
  event: string;
  actor: string;
  target: string | null;
  ip: string | null;
  device: string | null;
  /** "Cotacep staff: <reason>" for a staff action. */
  reason: string | null;
};

/**
 * Each entry as words in the interface language; staff are "Cotacep staff", never named, and the person
 * reading (`selfId`, in their own recent activity) is "You".
 */
export function useEntryTexts(time: TimePreferences, selfId?: string) {
  const { t } = useTranslation();
  const { formatTime, zoneName } = useFormatTime(time);

  const actorOf = ({ actor }: ActivityEntry) => {
    if (actor.type === 'staff') return t('activity.actor.staff');
    if (actor.type === 'system') return t('activity.actor.system');
    if (actor.type === 'api_key') {
      return actor.label
        ? t('activity.actor.token', { label: actor.label })
        : t('activity.actor.formerToken');
    }
    if (selfId && actor.id === selfId) return t('activity.filters.you');
    return actor.label ?? t('activity.actor.formerUser');
  };

  const deviceOf = (userAgent: string | null) => {
    const device = describeUserAgent(userAgent);
    if (!device) return userAgent ? t('activity.unknownDevice') : null;
    return device.os ? t('activity.device', device) : device.browser;
  };

  const textsOf = (entry: ActivityEntry): EntryTexts => ({
    time: formatTime(entry.occurredAt),
    event: t(`audit.events.${entry.event}`),
    actor: actorOf(entry),
    target: entry.target?.label ?? null,
    ip: entry.ip,
    device: deviceOf(entry.userAgent),
    reason: entry.reason ? t('activity.staffReason', { reason: entry.reason }) : null,
  });

  return { textsOf, zoneName };
}
