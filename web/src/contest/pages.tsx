// Contest pages (spec §2.1–2.6).
import { ContestAreaPage } from './ContestArea';
import { ContestListPage } from './ContestListPage';
import { ScoreboardPage } from './ScoreboardPage';
import { ScrollBoardPage } from './ScrollBoardPage';

export const ContestList = () => <ContestListPage />;
export const ContestArea = () => <ContestAreaPage />;
export const Scoreboard = () => <ScoreboardPage />;
export const ScrollBoard = () => <ScrollBoardPage />;
