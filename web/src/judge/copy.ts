// Copies text to the clipboard with a success or failure toast.
import { i18n } from '../i18n';
import { toast } from '../shell/toaster';

export async function copyText(text: string, okKey = 'problem.copied'): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(i18n.t(okKey));
  } catch {
    toast.error(i18n.t('problem.copyFailed'));
  }
}
