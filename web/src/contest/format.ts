// Display formats shared by the contest screens.
import { parseServerDate } from './rules';

const pad = (n: number) => String(n).padStart(2, '0');

/** Local "yyyy-MM-dd HH:mm:ss" of a server date, or "--". */
export function formatDateTime(s: string | null | undefined): string {
  const ms = parseServerDate(s);
  if (ms === null) return '--';
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** A duration in seconds as "1d 02:00:00" or "05:00:00". */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return '--';
  const s = Math.max(0, Math.floor(seconds));
  const days = Math.floor(s / 86400);
  const rest = s % 86400;
  const hms = `${pad(Math.floor(rest / 3600))}:${pad(Math.floor((rest % 3600) / 60))}:${pad(rest % 60)}`;
  return days > 0 ? `${days}d ${hms}` : hms;
}
