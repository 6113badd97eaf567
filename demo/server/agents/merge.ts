// Merging a branch into `main`. A branch remembers the revision of `main` it started from and
// the parts it changed; if `main` changed any of those same parts since, the merge is a conflict
// (409) naming them. Otherwise the branch's version of each part it changed is copied onto main.

import { conflict, validationError } from '../build-host/api-error';
import { type Agent, type AgentContent, type AgentsModel, type Branch, mainBranch, recordChange } from './model';

export interface MergeResult {
  merged: true;
  branchId: string;
  revision: number;
  changes: string[];
}

export function mergeIntoMain(model: AgentsModel, agent: Agent, branch: Branch): MergeResult {
  if (branch.id === 'main') throw validationError([{ field: 'branchId', message: 'main cannot be merged into itself' }]);
  const main = mainBranch(agent);
  const changedOnMain = new Set(
    agent.mainChanges.filter((change) => change.revision > branch.baseRevision).flatMap((change) => change.parts),
  );
  const clashes = [...branch.touched].filter((part) => changedOnMain.has(part)).sort();
  if (clashes.length > 0) {
    throw conflict(
      `Branch ${branch.id} diverged from main: main changed ${clashes.join(', ')} since the branch was made`,
      clashes.map((part) => ({ field: part, message: 'changed on both main and the branch' })),
    );
  }
  const changes = [...branch.touched].sort();
  for (const part of changes) copyPart(part, branch.content, main.content);
  if (changes.length > 0) recordChange(model, agent, main, changes);
  branch.baseRevision = agent.mainRevision;
  branch.touched.clear();
  return { merged: true, branchId: branch.id, revision: agent.mainRevision, changes };
}

function copyPart(part: string, from: AgentContent, to: AgentContent): void {
  if (part === 'behavior') {
    to.behavior = from.behavior;
    return;
  }
  const [kind, id] = part.split(':');
  if (kind === 'topic')
    replaceById(
      to.topics,
      from.topics.find((item) => item.id === id),
      id,
    );
  if (kind === 'attribute')
    replaceById(
      to.attributes,
      from.attributes.find((item) => item.id === id),
      id,
    );
  if (kind === 'variant')
    replaceById(
      to.variants,
      from.variants.find((item) => item.id === id),
      id,
    );
}

function replaceById<T extends { id: string }>(list: T[], item: T | undefined, id: string | undefined): void {
  const index = list.findIndex((candidate) => candidate.id === id);
  if (item === undefined) {
    if (index !== -1) list.splice(index, 1);
  } else if (index === -1) {
    list.push(structuredClone(item));
  } else {
    list[index] = structuredClone(item);
  }
}
