// Saving a site setting page: the busy flag, the reload of the site's public settings, the toast.
import { useTranslation } from 'react-i18next';
import { toast } from '../../shell/toaster';
import { useSite } from '../../store/site';
import { useSaving } from '../contest/parts';

export function useSiteSave(): { busy: boolean; save(write: () => Promise<unknown>): Promise<void> } {
  const { t } = useTranslation();
  const saving = useSaving();
  return {
    busy: saving.busy,
    save: (write) =>
      saving.run(async () => {
        await write();
        await useSite.getState().load();
        toast.success(t('admin.site.saved'));
      }),
  };
}
