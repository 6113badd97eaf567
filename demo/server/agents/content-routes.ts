// What a branch holds: behavior, knowledge-base topics, attributes and variants. Every change is
// recorded per part, which is what a later merge compares.

import { conflict, validationError } from '../build-host/api-error';
import { FieldReader, isRecord } from '../build-host/fields';
import { newId } from '../build-host/ids';
import { created, ok, type Route, type RouteContext } from '../build-host/router';
import { findAgent, findBranch, findVariant, ID_PREFIXES } from './lookup';
import { type Agent, type AgentsModel, type Branch, recordChange, type Variant } from './model';

export function contentRoutes(model: AgentsModel): Route[] {
  const target = ({ principal, params }: RouteContext): { agent: Agent; branch: Branch } => {
    const agent = findAgent(model, principal, params['agentId'] ?? '');
    return { agent, branch: findBranch(agent, params['branchId'] ?? '') };
  };
  const base = '/v1/agents/:agentId/branches/:branchId';

  return [
    {
      method: 'GET',
      path: `${base}/behavior`,
      handle: (context) => ok({ behavior: target(context).branch.content.behavior }),
    },
    {
      method: 'PATCH',
      path: `${base}/behavior`,
      handle: (context) => {
        const { agent, branch } = target(context);
        const fields = new FieldReader('updateBehavior', context.body);
        const behavior = fields.string('behavior');
        fields.check();
        if (behavior !== branch.content.behavior) {
          branch.content.behavior = behavior ?? '';
          recordChange(model, agent, branch, ['behavior']);
        }
        return ok({ behavior: branch.content.behavior, branchId: branch.id, updatedAt: branch.updatedAt });
      },
    },
    {
      method: 'GET',
      path: `${base}/knowledge-base/topics`,
      handle: (context) => ok({ data: target(context).branch.content.topics }),
    },
    {
      method: 'POST',
      path: `${base}/knowledge-base/topics`,
      handle: (context) => {
        const { agent, branch } = target(context);
        const fields = new FieldReader('createTopic', context.body);
        const name = fields.string('name');
        const content = fields.string('content');
        fields.check();
        const topic = { id: newId(ID_PREFIXES.topic), name: name ?? '', content: content ?? '', createdAt: model.timestamp() };
        branch.content.topics.push(topic);
        recordChange(model, agent, branch, [`topic:${topic.id}`]);
        return created(topic);
      },
    },
    {
      method: 'GET',
      path: `${base}/attributes`,
      handle: (context) => ok({ data: target(context).branch.content.attributes }),
    },
    {
      method: 'POST',
      path: `${base}/attributes`,
      handle: (context) => {
        const { agent, branch } = target(context);
        const fields = new FieldReader('createAttribute', context.body);
        const name = fields.string('name');
        fields.check();
        if (branch.content.attributes.some((attribute) => attribute.name === name))
          throw conflict(`An attribute named "${name}" already exists`, [{ field: 'name', message: 'is already taken' }]);
        const attribute = { id: newId(ID_PREFIXES.attribute), name: name ?? '', createdAt: model.timestamp() };
        branch.content.attributes.push(attribute);
        recordChange(model, agent, branch, [`attribute:${attribute.id}`]);
        return created(attribute);
      },
    },
    {
      method: 'GET',
      path: `${base}/variants`,
      handle: (context) => ok({ data: target(context).branch.content.variants }),
    },
    {
      method: 'POST',
      path: `${base}/variants`,
      handle: (context) => {
        const { agent, branch } = target(context);
        const fields = new FieldReader('createVariant', context.body);
        const name = fields.string('name');
        const values = readAttributeValues(fields, branch);
        const isDefault = fields.boolean('isDefault');
        fields.check();
        const variant: Variant = {
          id: newId(ID_PREFIXES.variant),
          name: name ?? '',
          isDefault: false,
          attributeValues: { values: values ?? {} },
        };
        branch.content.variants.push(variant);
        const parts = new Set([`variant:${variant.id}`]);
        if (isDefault) for (const part of makeDefault(branch, variant)) parts.add(part);
        recordChange(model, agent, branch, [...parts]);
        return created(variant);
      },
    },
    {
      method: 'PATCH',
      path: `${base}/variants/:variantId`,
      handle: (context) => {
        const { agent, branch } = target(context);
        const variant = findVariant(branch, context.params['variantId'] ?? '');
        const fields = new FieldReader('updateVariant', context.body);
        const name = fields.string('name');
        const values = readAttributeValues(fields, branch);
        const isDefault = fields.boolean('isDefault');
        fields.check();
        if (isDefault === false && variant.isDefault)
          throw validationError([
            { field: 'isDefault', message: 'a branch has exactly one default variant: make another variant the default instead' },
          ]);
        const parts = new Set<string>();
        if (name !== undefined && name !== variant.name) {
          variant.name = name;
          parts.add(`variant:${variant.id}`);
        }
        if (values !== undefined) {
          variant.attributeValues = { values };
          parts.add(`variant:${variant.id}`);
        }
        if (isDefault) for (const part of makeDefault(branch, variant)) parts.add(part);
        if (parts.size > 0) recordChange(model, agent, branch, [...parts]);
        return ok({ id: variant.id, name: variant.name, isDefault: variant.isDefault, attributeValues: variant.attributeValues });
      },
    },
  ];
}

/** `{values: {<attribute name>: string}}` (its shape is the schema's), naming only attributes the branch has. */
function readAttributeValues(fields: FieldReader, branch: Branch): Record<string, string> | undefined {
  const values = fields.record('attributeValues')?.['values'];
  if (fields.refused('attributeValues') || !isRecord(values)) return undefined;
  const known = new Set(branch.content.attributes.map((attribute) => attribute.name));
  const result: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) {
    if (!known.has(key)) fields.fail(`attributeValues.values.${key}`, 'is not an attribute of this branch');
    else if (typeof value === 'string') result[key] = value;
  }
  return result;
}

/** Makes `variant` the only default; returns the variants whose flag changed. */
function makeDefault(branch: Branch, variant: Variant): string[] {
  const changed: string[] = [];
  for (const candidate of branch.content.variants) {
    const shouldBe = candidate.id === variant.id;
    if (candidate.isDefault !== shouldBe) {
      candidate.isDefault = shouldBe;
      changed.push(`variant:${candidate.id}`);
    }
  }
  return changed;
}
