// Toast messages (Blueprint OverlayToaster), created on first use.
import { Intent, OverlayToaster, Position, type Toaster } from '@blueprintjs/core';

let toaster: Promise<Toaster> | null = null;

function getToaster(): Promise<Toaster> {
  toaster ??= OverlayToaster.create({ position: Position.TOP, maxToasts: 4 });
  return toaster;
}

export const MESSAGE_TIMEOUT_MS = 4000;

function show(message: string, intent: Intent, timeout = MESSAGE_TIMEOUT_MS): void {
  void getToaster().then((t) => t.show({ message, intent, timeout }));
}

export const toast = {
  success: (message: string, timeout?: number) => show(message, Intent.SUCCESS, timeout),
  warning: (message: string, timeout?: number) => show(message, Intent.WARNING, timeout),
  info: (message: string, timeout?: number) => show(message, Intent.PRIMARY, timeout),
  /** Errors stay 5 s on larger screens (the spec's desktop notification), 4 s on phones. */
  error: (message: string) => show(message, Intent.DANGER, isMobileWidth() ? MESSAGE_TIMEOUT_MS : 5000),
};

export const MOBILE_MAX_WIDTH = 767;

export function isMobileWidth(): boolean {
  return typeof window !== 'undefined' && window.innerWidth <= MOBILE_MAX_WIDTH;
}
