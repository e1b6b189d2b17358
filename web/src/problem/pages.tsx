// Problem pages (spec §2 Problem list, Problem detail).
import { isProblemPage, preloadProblemChunks } from './preload';
import { ProblemDetailPage } from './ProblemDetailPage';
import { ProblemListPage } from './ProblemListPage';

export const ProblemList = () => <ProblemListPage />;
// Reached by a link (no page load): fetch the editor while the route renders (issue #16).
if (typeof window !== 'undefined' && isProblemPage(window.location.pathname)) preloadProblemChunks();

export const ProblemDetails = () => <ProblemDetailPage />;
export const FullScreenProblem = () => <ProblemDetailPage fullScreen />;
