import {
  ArrowLeftRight,
  Blocks,
  ClipboardCheck,
  Handshake,
  House,
  KeyRound,
  PiggyBank,
  Search,
  SlidersHorizontal,
  Sprout,
  TrendingUp,
  type LucideIcon,
} from 'lucide-react';
import type { LandingIcon } from './landing-content';

export const landingIcons: Record<LandingIcon, LucideIcon> = {
  house: House,
  search: Search,
  blocks: Blocks,
  handshake: Handshake,
  trending: TrendingUp,
  clipboard: ClipboardCheck,
  key: KeyRound,
  piggy: PiggyBank,
  sliders: SlidersHorizontal,
  move: ArrowLeftRight,
  sprout: Sprout,
};
