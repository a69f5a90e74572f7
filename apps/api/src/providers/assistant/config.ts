import { ConfigError, readAssistantConfig } from '../../config';
import type { AssistantProvider } from './assistant';
import { LocalAssistant } from './local';
import { OpenAiCompatibleAssistant } from './openai';

/** The assistant chosen by AI_PROVIDER (see `readAssistantConfig`); throws ConfigError naming every problem. */
export function assistantFromEnv(env: NodeJS.ProcessEnv = process.env): AssistantProvider {
  const problems: string[] = [];
  const config = readAssistantConfig(env, problems);
  if (problems.length > 0) {
    throw new ConfigError(problems);
  }
  return config.provider === 'openai' ? new OpenAiCompatibleAssistant(config) : new LocalAssistant();
}
