import type { HTMLAttributes } from 'react';
import type { BadgeTone } from '@core/domain/status.js';
import { cn } from '../../lib/format.js';

const tones: Record<BadgeTone | 'blue' | 'purple', string> = {
  yellow: 'bg-yellow-100 text-yellow-900 border-yellow-300',
  green: 'bg-green-100 text-green-900 border-green-300',
  red: 'bg-red-100 text-red-900 border-red-300',
  orange: 'bg-orange-100 text-orange-900 border-orange-300',
  grey: 'bg-slate-100 text-slate-800 border-slate-300',
  blue: 'bg-blue-100 text-blue-900 border-blue-300',
  purple: 'bg-purple-100 text-purple-900 border-purple-300',
};

export type BadgeColour = keyof typeof tones;

export function Badge({ tone = 'grey', className, ...props }: HTMLAttributes<HTMLSpanElement> & { tone?: BadgeColour }) {
  return <span data-tone={tone} className={cn('inline-flex shrink-0 items-center whitespace-nowrap rounded-full border px-2.5 py-0.5 text-xs font-semibold', tones[tone], className)} {...props} />;
}
