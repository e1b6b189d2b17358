// Icons the shell and the problem/judge/contest pages use are bundled; any other icon falls back to Blueprint's lazy per-size chunk.
// (The default loader pulls every icon's paths, ~100 kB gzip, on the first render.)
import { Icons, IconSize, type IconName, type IconPaths } from '@blueprintjs/icons';
import { splitPathsBySizeLoader } from '@blueprintjs/icons/lib/esm/paths-loaders/splitPathsBySizeLoader';
import p16_arrow_left from '@blueprintjs/icons/lib/esm/generated/16px/paths/arrow-left';
import p16_arrow_right from '@blueprintjs/icons/lib/esm/generated/16px/paths/arrow-right';
import p16_caret_down from '@blueprintjs/icons/lib/esm/generated/16px/paths/caret-down';
import p16_caret_right from '@blueprintjs/icons/lib/esm/generated/16px/paths/caret-right';
import p16_chat from '@blueprintjs/icons/lib/esm/generated/16px/paths/chat';
import p16_chevron_left from '@blueprintjs/icons/lib/esm/generated/16px/paths/chevron-left';
import p16_chevron_right from '@blueprintjs/icons/lib/esm/generated/16px/paths/chevron-right';
import p16_code from '@blueprintjs/icons/lib/esm/generated/16px/paths/code';
import p16_cog from '@blueprintjs/icons/lib/esm/generated/16px/paths/cog';
import p16_console from '@blueprintjs/icons/lib/esm/generated/16px/paths/console';
import p16_cross from '@blueprintjs/icons/lib/esm/generated/16px/paths/cross';
import p16_dashboard from '@blueprintjs/icons/lib/esm/generated/16px/paths/dashboard';
import p16_download from '@blueprintjs/icons/lib/esm/generated/16px/paths/download';
import p16_duplicate from '@blueprintjs/icons/lib/esm/generated/16px/paths/duplicate';
import p16_edit from '@blueprintjs/icons/lib/esm/generated/16px/paths/edit';
import p16_flag from '@blueprintjs/icons/lib/esm/generated/16px/paths/flag';
import p16_history from '@blueprintjs/icons/lib/esm/generated/16px/paths/history';
import p16_home from '@blueprintjs/icons/lib/esm/generated/16px/paths/home';
import p16_horizontal_bar_chart from '@blueprintjs/icons/lib/esm/generated/16px/paths/horizontal-bar-chart';
import p16_learning from '@blueprintjs/icons/lib/esm/generated/16px/paths/learning';
import p16_list from '@blueprintjs/icons/lib/esm/generated/16px/paths/list';
import p16_lock from '@blueprintjs/icons/lib/esm/generated/16px/paths/lock';
import p16_log_in from '@blueprintjs/icons/lib/esm/generated/16px/paths/log-in';
import p16_log_out from '@blueprintjs/icons/lib/esm/generated/16px/paths/log-out';
import p16_moon from '@blueprintjs/icons/lib/esm/generated/16px/paths/moon';
import p16_flash from '@blueprintjs/icons/lib/esm/generated/16px/paths/flash';
import p16_desktop from '@blueprintjs/icons/lib/esm/generated/16px/paths/desktop';
import p16_maximize from '@blueprintjs/icons/lib/esm/generated/16px/paths/maximize';
import p16_menu from '@blueprintjs/icons/lib/esm/generated/16px/paths/menu';
import p16_minimize from '@blueprintjs/icons/lib/esm/generated/16px/paths/minimize';
import p16_new_person from '@blueprintjs/icons/lib/esm/generated/16px/paths/new-person';
import p16_notifications from '@blueprintjs/icons/lib/esm/generated/16px/paths/notifications';
import p16_people from '@blueprintjs/icons/lib/esm/generated/16px/paths/people';
import p16_pie_chart from '@blueprintjs/icons/lib/esm/generated/16px/paths/pie-chart';
import p16_play from '@blueprintjs/icons/lib/esm/generated/16px/paths/play';
import p16_pulse from '@blueprintjs/icons/lib/esm/generated/16px/paths/pulse';
import p16_random from '@blueprintjs/icons/lib/esm/generated/16px/paths/random';
import p16_refresh from '@blueprintjs/icons/lib/esm/generated/16px/paths/refresh';
import p16_reset from '@blueprintjs/icons/lib/esm/generated/16px/paths/reset';
import p16_search from '@blueprintjs/icons/lib/esm/generated/16px/paths/search';
import p16_send_message from '@blueprintjs/icons/lib/esm/generated/16px/paths/send-message';
import p16_share from '@blueprintjs/icons/lib/esm/generated/16px/paths/share';
import p16_small_tick from '@blueprintjs/icons/lib/esm/generated/16px/paths/small-tick';
import p16_tag from '@blueprintjs/icons/lib/esm/generated/16px/paths/tag';
import p16_tick from '@blueprintjs/icons/lib/esm/generated/16px/paths/tick';
import p16_timeline_bar_chart from '@blueprintjs/icons/lib/esm/generated/16px/paths/timeline-bar-chart';
import p16_translate from '@blueprintjs/icons/lib/esm/generated/16px/paths/translate';
import p16_upload from '@blueprintjs/icons/lib/esm/generated/16px/paths/upload';
import p16_user from '@blueprintjs/icons/lib/esm/generated/16px/paths/user';
import p16_wrench from '@blueprintjs/icons/lib/esm/generated/16px/paths/wrench';
import p20_build from '@blueprintjs/icons/lib/esm/generated/20px/paths/build';
import p20_disable from '@blueprintjs/icons/lib/esm/generated/20px/paths/disable';
import p20_error from '@blueprintjs/icons/lib/esm/generated/20px/paths/error';
import p20_inbox from '@blueprintjs/icons/lib/esm/generated/20px/paths/inbox';
import p20_lock from '@blueprintjs/icons/lib/esm/generated/20px/paths/lock';
import p20_people from '@blueprintjs/icons/lib/esm/generated/20px/paths/people';
import p20_person from '@blueprintjs/icons/lib/esm/generated/20px/paths/person';
import p20_search from '@blueprintjs/icons/lib/esm/generated/20px/paths/search';

const STANDARD: Partial<Record<IconName, IconPaths>> = {
  'arrow-left': p16_arrow_left,
  'arrow-right': p16_arrow_right,
  'caret-down': p16_caret_down,
  'caret-right': p16_caret_right,
  chat: p16_chat,
  'chevron-left': p16_chevron_left,
  'chevron-right': p16_chevron_right,
  code: p16_code,
  cog: p16_cog,
  console: p16_console,
  cross: p16_cross,
  dashboard: p16_dashboard,
  download: p16_download,
  duplicate: p16_duplicate,
  edit: p16_edit,
  flag: p16_flag,
  history: p16_history,
  home: p16_home,
  'horizontal-bar-chart': p16_horizontal_bar_chart,
  learning: p16_learning,
  list: p16_list,
  lock: p16_lock,
  'log-in': p16_log_in,
  'log-out': p16_log_out,
  maximize: p16_maximize,
  moon: p16_moon,
  flash: p16_flash,
  desktop: p16_desktop,
  menu: p16_menu,
  minimize: p16_minimize,
  'new-person': p16_new_person,
  notifications: p16_notifications,
  people: p16_people,
  'pie-chart': p16_pie_chart,
  play: p16_play,
  pulse: p16_pulse,
  random: p16_random,
  refresh: p16_refresh,
  reset: p16_reset,
  search: p16_search,
  'send-message': p16_send_message,
  share: p16_share,
  'small-tick': p16_small_tick,
  tag: p16_tag,
  tick: p16_tick,
  'timeline-bar-chart': p16_timeline_bar_chart,
  translate: p16_translate,
  upload: p16_upload,
  user: p16_user,
  wrench: p16_wrench,
};
const LARGE: Partial<Record<IconName, IconPaths>> = {
  build: p20_build,
  disable: p20_disable,
  error: p20_error,
  inbox: p20_inbox,
  lock: p20_lock,
  people: p20_people,
  person: p20_person,
  search: p20_search,
};

export function installIconLoader(): void {
  Icons.setLoaderOptions({
    loader: async (name: IconName, size: IconSize) =>
      (size === IconSize.STANDARD ? STANDARD : LARGE)[name] ?? splitPathsBySizeLoader(name, size),
  });
}
