import { HandMetal, HeartHandshake, LayoutDashboard, Puzzle, Users, type LucideIcon } from 'lucide-react';
import type { Module } from '../../features/modules';

export const MODULE_ICONS: Record<Module['icon'], LucideIcon> = {
  'layout-dashboard': LayoutDashboard,
  hand: HandMetal,
  puzzle: Puzzle,
  users: Users,
  'heart-handshake': HeartHandshake,
};
