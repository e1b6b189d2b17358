// Problem pages (spec §2 Problem list, Problem detail).
import { preloadProblemChunks } from './CodePanel';
import { ProblemDetailPage } from './ProblemDetailPage';
import { ProblemListPage } from './ProblemListPage';

export const ProblemList = () => <ProblemListPage />;
// The detail page needs the editor at once: fetch it while the route renders (issue #16).
if (typeof window !== 'undefined' && /^\/(problem|contest\/[^/]+\/problem)\//.test(window.location.pathname))
  preloadProblemChunks();

export const ProblemDetails = () => <ProblemDetailPage />;
export const FullScreenProblem = () => <ProblemDetailPage fullScreen />;
