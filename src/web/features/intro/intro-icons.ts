import { Handshake, House, KeyRound, PiggyBank, Search, SlidersHorizontal, TrendingUp, type LucideIcon } from 'lucide-react';
import type { IntroIcon } from './intro-slides';

export const introIcons: Record<IntroIcon, LucideIcon> = {
  house: House,
  search: Search,
  piggy: PiggyBank,
  sliders: SlidersHorizontal,
  handshake: Handshake,
  trending: TrendingUp,
  key: KeyRound,
};
