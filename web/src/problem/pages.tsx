// Problem pages (spec §2 Problem list; the detail route is detail-pages.tsx).
import { ProblemListPage } from './ProblemListPage';

export const ProblemList = () => <ProblemListPage />;
