import { BookOpen, Bot, Box, Clock, Code, DollarSign, Flame, Heart, Package, TrendingUp, Users, Zap, type LucideIcon } from 'lucide-react';

/** SPEC §3's known icon names (Lucide's own); anything else is drawn as Package. */
const ICONS: Record<string, LucideIcon> = { Package, Bot, Box, DollarSign, Clock, BookOpen, Heart, Flame, TrendingUp, Users, Code, Zap };

export function kpiIcon(name: string | null | undefined): { Icon: LucideIcon; known: boolean } {
  const Icon = name && Object.hasOwn(ICONS, name) ? ICONS[name] : undefined;
  return Icon ? { Icon, known: true } : { Icon: Package, known: false };
}
