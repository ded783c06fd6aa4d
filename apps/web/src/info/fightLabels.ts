import type { FightResult, WinMethod } from '@stream/core/domain';

/** The label key of each win method (commerce §3 "Fighter enumerations"), in words. */
export const WIN_METHOD_KEYS: Record<WinMethod, string> = {
  decision: 'winMethodDecision',
  majority: 'winMethodMajority',
  split: 'winMethodSplit',
  unanimous: 'winMethodUnanimous',
  disqualified: 'winMethodDisqualified',
  knockout: 'winMethodKnockout',
  submission: 'winMethodSubmission',
  stoppage: 'winMethodStoppage',
  overturned: 'winMethodOverturned',
  couldNotContinue: 'winMethodCouldNotContinue',
  other: 'winMethodOther',
  unknown: 'winMethodUnknown',
};

/** The label key of each fight result. */
export const FIGHT_RESULT_KEYS: Record<FightResult, string> = {
  win: 'fightResultWin',
  loss: 'fightResultLoss',
  noContest: 'fightResultNoContest',
};
