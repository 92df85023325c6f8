import {
  BookOpen,
  Bot,
  Box,
  Clock,
  Code,
  DollarSign,
  Flame,
  Heart,
  Package,
  TrendingUp,
  Users,
  Zap,
  type LucideIcon,
} from 'lucide-react';
import { FALLBACK_KPI_ICON, KPI_ICON_NAMES, type KpiIconName } from '#domain/vocabulary.ts';

/** The drawing of each of SPEC §3's icon names (domain/vocabulary.ts lists them), for the dashboard and the admin form. */
const ICONS: Record<KpiIconName, LucideIcon> = {
  Package,
  Bot,
  Box,
  DollarSign,
  Clock,
  BookOpen,
  Heart,
  Flame,
  TrendingUp,
  Users,
  Code,
  Zap,
};

export const isKnownKpiIcon = (name: string | null | undefined): name is KpiIconName =>
  typeof name === 'string' && (KPI_ICON_NAMES as readonly string[]).includes(name);

/** Any unknown name is drawn as Package. */
export function kpiIcon(name: string | null | undefined): { Icon: LucideIcon; known: boolean } {
  return isKnownKpiIcon(name) ? { Icon: ICONS[name], known: true } : { Icon: ICONS[FALLBACK_KPI_ICON], known: false };
}
