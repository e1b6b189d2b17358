// Problem pages (spec §2 Problem list, Problem detail).
import { ProblemDetailPage } from './ProblemDetailPage';
import { ProblemListPage } from './ProblemListPage';

export const ProblemList = () => <ProblemListPage />;
export const ProblemDetails = () => <ProblemDetailPage />;
export const FullScreenProblem = () => <ProblemDetailPage fullScreen />;
