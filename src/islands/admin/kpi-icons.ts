import { BookOpen, Bot, Box, Clock, Code, DollarSign, Flame, Heart, Package, TrendingUp, Users, Zap, type LucideIcon } from 'lucide-react';

/** SPEC §3's known KPI icon names, in SPEC's order; any other name is shown as Package. */
export const KPI_ICONS: Record<string, LucideIcon> = {
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

export const KPI_ICON_NAMES = Object.keys(KPI_ICONS);

export const kpiIcon = (name: string): LucideIcon => KPI_ICONS[name] ?? Package;
