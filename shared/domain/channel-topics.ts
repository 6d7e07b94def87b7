// A channel's topics policy (spec "topics_policy semantics") in words: what each value allows, what
// `inherit` means in this organization (register `realm_topics_policy`), and the `empty_topic_only`
// rule, which the server checks against the channel's messages.
import type { TopicsPolicy } from '../api/common';

export const TOPICS_POLICIES: readonly TopicsPolicy[] = ['inherit', 'allow_empty_topic', 'disable_empty_topic', 'empty_topic_only'];

/** `emptyTopic` is the organization's name for the empty topic (register `realm_empty_topic_display_name`). */
export function topicsPolicyLabel(policy: TopicsPolicy, emptyTopic: string): string {
  switch (policy) {
    case 'inherit':
      return 'Organization default';
    case 'allow_empty_topic':
      return `Named topics and “${emptyTopic}”`;
    case 'disable_empty_topic':
      return 'Named topics only';
    case 'empty_topic_only':
      return `Only “${emptyTopic}”`;
  }
}

export function topicsPolicyMeaning(policy: TopicsPolicy, emptyTopic: string, realmPolicy: TopicsPolicy | null): string {
  switch (policy) {
    case 'inherit':
      return realmPolicy && realmPolicy !== 'inherit'
        ? `Follows the organization’s setting, now: ${topicsPolicyLabel(realmPolicy, emptyTopic).toLowerCase()}.`
        : 'Follows the organization’s setting for the empty topic; named topics are allowed.';
    case 'allow_empty_topic':
      return `Messages may go to a named topic or to “${emptyTopic}”, the topic without a name.`;
    case 'disable_empty_topic':
      return `Every message needs a topic name; “${emptyTopic}” cannot be used.`;
    case 'empty_topic_only':
      return `Every message goes to “${emptyTopic}”: the channel has no named topics. ${emptyTopicOnlyRule(emptyTopic)}`;
  }
}

/** spec: empty_topic_only can be set only if every message in the channel is already in the empty topic. */
export function emptyTopicOnlyRule(emptyTopic: string): string {
  return `It can be set only while every message in the channel is already in “${emptyTopic}”; rename or move named topics there first.`;
}

/** For the list: "Named topics only", "Organization default (named topics and “general chat”)". */
export function topicsPolicyWords(policy: TopicsPolicy, emptyTopic: string, realmPolicy: TopicsPolicy | null): string {
  const label = topicsPolicyLabel(policy, emptyTopic);
  if (policy !== 'inherit' || !realmPolicy || realmPolicy === 'inherit') return label;
  return `${label} (${topicsPolicyLabel(realmPolicy, emptyTopic).toLowerCase()})`;
}
