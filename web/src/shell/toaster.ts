// Toast messages (Blueprint OverlayToaster), created on first use.
import { Intent, OverlayToaster, Position, type Toaster } from '@blueprintjs/core';
import { createElement, type ReactNode } from 'react';
import { i18n } from '../i18n';

let toaster: Promise<Toaster> | null = null;

function getToaster(): Promise<Toaster> {
  toaster ??= OverlayToaster.create({ position: Position.TOP, maxToasts: 4 });
  return toaster;
}

export const MESSAGE_TIMEOUT_MS = 4000;

let noticeToaster: Promise<Toaster> | null = null;

/**
 * A persistent notice (contest announcements, spec part2 §2.5): its own toaster, so passing
 * messages never push it out; it stays until closed, then `onClose` runs.
 */
export function notice(message: ReactNode, onClose?: () => void): void {
  noticeToaster ??= OverlayToaster.create({ position: Position.BOTTOM_RIGHT });
  void noticeToaster.then((t) =>
    t.show({
      message,
      intent: Intent.PRIMARY,
      icon: 'notifications',
      timeout: 0,
      onDismiss: () => onClose?.(),
    }),
  );
}

/** Dismisses every shown message (tests reset it between cases: the toaster outlives a render). */
export async function clearToasts(): Promise<void> {
  if (toaster) (await toaster).clear();
  if (noticeToaster) (await noticeToaster).clear();
}

function show(message: ReactNode, intent: Intent, timeout = MESSAGE_TIMEOUT_MS): void {
  void getToaster().then((t) => t.show({ message, intent, timeout }));
}

export const toast = {
  success: (message: string, timeout?: number) => show(message, Intent.SUCCESS, timeout),
  warning: (message: string, timeout?: number) => show(message, Intent.WARNING, timeout),
  info: (message: string, timeout?: number) => show(message, Intent.PRIMARY, timeout),
  /** On larger screens an error is a titled notification for 5 s; on phones a plain 4 s toast. */
  error: (message: string) =>
    isMobileWidth()
      ? show(message, Intent.DANGER)
      : show(
          createElement('div', { 'data-testid': 'error-notification' }, [
            createElement('strong', { key: 't' }, i18n.t('common.error')),
            createElement('div', { key: 'm' }, message),
          ]),
          Intent.DANGER,
          5000,
        ),
};

export const MOBILE_MAX_WIDTH = 767;

export function isMobileWidth(): boolean {
  return typeof window !== 'undefined' && window.innerWidth <= MOBILE_MAX_WIDTH;
}
