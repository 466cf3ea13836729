import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { styled } from "styled-components";
import { Link, useParams } from "wouter";
import { MAX_QUESTION_LENGTH, MAX_TITLE_LENGTH, tokenWarningText, type ChatMessage, type ConversationSummary } from "../../../../contracts/copilot";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { Alert } from "../../../ui/alert";
import { Button, ButtonLink } from "../../../ui/button";
import { useConfirm } from "../../../ui/confirm";
import { TextArea, TextInput } from "../../../ui/inputs";
import { Cluster, Page, Stack } from "../../../ui/layout";
import { PageHeader } from "../../../ui/page-header";
import { EmptyState, ErrorState, LoadingState } from "../../../ui/states";
import { MEDIA, RADIUS, SPACE, TYPE_SCALE } from "../../../ui/tokens";
import { VisuallyHidden } from "../../../ui/visually-hidden";
import { actionFor, usageWarningPercent, type PendingAnswer } from "../model";
import { AnswerView, MessageText } from "./answer-view";

/** Questions the built-in analyst answers, offered on an empty chat. */
export const SUGGESTED_QUESTIONS = [
  "Which KPIs are furthest behind plan this year?",
  "How is revenue doing against plan this year?",
  "Why did EBITDA change?",
  "What is the cash runway?",
] as const;

/**
 * /chat/{conversationId?}: the person's conversations, one thread, and the composer. An answer
 * streams in: the tools it looks up, then its text as it grows, then the final answer with its
 * charts, tables and the numbers it used (each a link to its KPI).
 */
export default function ChatScreen() {
  const dispatch = useDispatch();
  const params = useParams<{ conversationId?: string }>();
  const requested = params.conversationId && /^\d+$/.test(params.conversationId) ? Number(params.conversationId) : null;
  const threadId = useModel((state: AppState) => state.copilot.thread.conversationId);
  const threadStatus = useModel((state: AppState) => state.copilot.thread.status);
  const usage = useModel((state: AppState) => state.copilot.usage);
  const warning = usageWarningPercent(usage);

  useEffect(() => {
    dispatch({ _tag: "LoadConversations" });
    dispatch({ _tag: "LoadCopilotUsage" });
  }, [dispatch]);
  // The address says which conversation is open; a new chat's first answer puts its id there.
  useEffect(() => {
    if (requested === null) {
      if (threadId !== null || threadStatus === "idle") dispatch({ _tag: "StartNewChat" });
    } else if (requested !== threadId || threadStatus === "idle") {
      dispatch({ _tag: "OpenConversation", conversationId: requested });
    }
    // Only the address moves the thread; the thread following a created conversation must not reload it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [requested, dispatch]);

  return (
    <Page $width="wide">
      <PageHeader
        title="Copilot"
        description="Ask about your company's numbers. Answers use only the KPIs you may read and link to the figures they cite."
        actions={
          <ButtonLink href="/chat" variant="primary">
            New chat
          </ButtonLink>
        }
      />
      {warning !== null ? (
        <Alert tone="warning" role="status">
          {tokenWarningText(warning)}
        </Alert>
      ) : null}
      <Layout>
        <ConversationList current={threadId} />
        <Thread />
      </Layout>
    </Page>
  );
}

function ConversationList({ current }: { current: number | null }) {
  const dispatch = useDispatch();
  const model = useModel((state: AppState) => state.copilot.conversations);
  return (
    <Sidebar aria-labelledby="conversations-heading">
      <h2 id="conversations-heading">Conversations</h2>
      {model.status === "error" ? (
        <ErrorState title="The conversations could not be loaded" message={model.message ?? ""} onRetry={() => dispatch({ _tag: "LoadConversations" })} />
      ) : model.status !== "loaded" ? (
        <LoadingState variant="skeleton" lines={4} label="Loading conversations…" />
      ) : model.value.length === 0 ? (
        <p className="empty">No conversations yet. Ask a question to start one.</p>
      ) : (
        <ul>
          {model.value.map((conversation) => (
            <ConversationItem key={conversation.id} conversation={conversation} current={conversation.id === current} />
          ))}
        </ul>
      )}
    </Sidebar>
  );
}

function ConversationItem({ conversation, current }: { conversation: ConversationSummary; current: boolean }) {
  const dispatch = useDispatch();
  const confirm = useConfirm();
  const rename = useModel((state: AppState) => actionFor(state.copilot, "rename", conversation.id));
  const removing = useModel((state: AppState) => actionFor(state.copilot, "delete", conversation.id));
  const [editing, setEditing] = useState(false);
  const [title, setTitle] = useState(conversation.title);
  useEffect(() => {
    setTitle(conversation.title);
    setEditing(false);
  }, [conversation.title]);
  const problems = [...Object.values(rename.fields).flat(), ...(rename.message && Object.keys(rename.fields).length === 0 ? [rename.message] : []), ...(removing.message ? [removing.message] : [])];
  return (
    <li data-current={current || undefined}>
      {editing ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            dispatch({ _tag: "RenameConversation", conversationId: conversation.id, title: title.trim() });
          }}
        >
          <Stack $gap="xs">
            <TextInput controlSize="sm" aria-label="Conversation title" value={title} maxLength={MAX_TITLE_LENGTH} autoFocus onChange={(event) => setTitle(event.target.value)} />
            <Cluster $gap="xs">
              <Button size="sm" type="submit" variant="primary" busy={rename.busy} disabled={title.trim() === ""}>
                Save
              </Button>
              <Button size="sm" variant="quiet" onClick={() => (setEditing(false), setTitle(conversation.title))}>
                Cancel
              </Button>
            </Cluster>
          </Stack>
        </form>
      ) : (
        <>
          <Link href={`/chat/${conversation.id}`} aria-current={current ? "page" : undefined} className="title">
            {conversation.title || "New conversation"}
          </Link>
          <Cluster $gap="xs" className="row-actions">
            <Button size="sm" variant="quiet" aria-label={`Rename ${conversation.title}`} onClick={() => setEditing(true)}>
              Rename
            </Button>
            <Button
              size="sm"
              variant="quiet"
              aria-label={`Delete ${conversation.title}`}
              busy={removing.busy}
              onClick={async () => {
                const sure = await confirm({ title: `Delete "${conversation.title}"?`, message: "The conversation and its answers are deleted for good.", confirmLabel: "Delete", tone: "danger" });
                if (sure) dispatch({ _tag: "DeleteConversation", conversationId: conversation.id, title: conversation.title });
              }}
            >
              Delete
            </Button>
          </Cluster>
        </>
      )}
      {problems.length ? (
        <Alert tone="danger" role="alert">
          {problems.join(" ")}
        </Alert>
      ) : null}
    </li>
  );
}

function Thread() {
  const dispatch = useDispatch();
  const thread = useModel((state: AppState) => state.copilot.thread);
  const pending = useModel((state: AppState) => state.copilot.pending);
  const answerError = useModel((state: AppState) => state.copilot.answerError);
  const endRef = useRef<HTMLDivElement>(null);
  const lastLength = thread.messages.length + (pending?.text.length ?? 0) + (pending?.tools.length ?? 0);
  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: "nearest" });
  }, [lastLength]);
  return (
    <Main aria-label="Conversation">
      <Messages>
        {thread.status === "error" ? (
          <ErrorState title="The conversation could not be loaded" message={thread.message ?? ""} onRetry={() => thread.conversationId !== null && dispatch({ _tag: "OpenConversation", conversationId: thread.conversationId })} />
        ) : thread.status === "loading" ? (
          <LoadingState label="Loading the conversation…" />
        ) : thread.messages.length === 0 && !pending ? (
          <Stack>
            <EmptyState title="Ask about your numbers" text="The copilot looks the figures up with your permissions and cites each number it uses." />
            <Cluster $gap="sm" role="list" aria-label="Suggested questions">
              {SUGGESTED_QUESTIONS.map((question) => (
                <span role="listitem" key={question}>
                  <Button size="sm" onClick={() => dispatch({ _tag: "AskCopilot", conversationId: thread.conversationId, content: question, snapshot: null })}>
                    {question}
                  </Button>
                </span>
              ))}
            </Cluster>
          </Stack>
        ) : (
          <ol aria-label="Messages">
            {thread.messages.map((message) => (
              <MessageItem key={message.id} message={message} />
            ))}
            {pending ? <PendingItem pending={pending} /> : null}
          </ol>
        )}
        {answerError ? (
          <Alert tone="danger" role="alert" title="No answer">
            {answerError}
          </Alert>
        ) : null}
        <div ref={endRef} />
      </Messages>
      <Composer conversationId={thread.conversationId} busy={pending !== null} />
    </Main>
  );
}

function MessageItem({ message }: { message: ChatMessage }) {
  return message.role === "user" ? (
    <li className="question" data-role="user">
      <VisuallyHidden>You asked:</VisuallyHidden>
      <MessageText text={message.content} />
      {message.snapshot ? (
        <p className="snapshot">
          Attached: <Link href={message.snapshot.path}>{message.snapshot.title}</Link>
        </p>
      ) : null}
    </li>
  ) : (
    <li className="answer" data-role="assistant">
      <VisuallyHidden>The copilot answered:</VisuallyHidden>
      <AnswerView message={message} />
    </li>
  );
}

/** The question (until the server has stored it), the tools looked up so far and the text so far. */
function PendingItem({ pending }: { pending: PendingAnswer }) {
  return (
    <>
      {pending.questionStored ? null : (
        <li className="question" data-role="user">
          <VisuallyHidden>You asked:</VisuallyHidden>
          <MessageText text={pending.question} />
          {pending.snapshotTitle ? <p className="snapshot">Attached: {pending.snapshotTitle}</p> : null}
        </li>
      )}
      <li className="answer" data-role="assistant" aria-busy="true" data-testid="pending-answer">
        {pending.tools.length ? (
          <ul className="tools" aria-label="Steps">
            {pending.tools.map((tool, index) => (
              <li key={index}>Looking up: {tool.name}</li>
            ))}
          </ul>
        ) : null}
        <div aria-live="polite">{pending.text ? <MessageText text={pending.text} /> : <p className="thinking">Thinking…</p>}</div>
      </li>
    </>
  );
}

function Composer({ conversationId, busy }: { conversationId: number | null; busy: boolean }) {
  const dispatch = useDispatch();
  const snapshot = useModel((state: AppState) => state.copilot.snapshot);
  const [question, setQuestion] = useState("");
  const send = () => {
    const content = question.trim();
    if (!content || busy) return;
    dispatch({ _tag: "AskCopilot", conversationId, content, snapshot });
    setQuestion("");
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };
  return (
    <ComposerForm
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      {snapshot ? (
        <Cluster $gap="sm" className="attached" data-testid="attached-snapshot">
          <span>
            Attached: <strong>{snapshot.title}</strong> ({snapshot.kpis.length === 1 ? "1 set of figures" : `${snapshot.kpis.length} sets of figures`})
          </span>
          <Button size="sm" variant="quiet" onClick={() => dispatch({ _tag: "DetachSnapshot" })}>
            Remove
          </Button>
        </Cluster>
      ) : null}
      <label htmlFor="copilot-question">Your question</label>
      <TextArea
        id="copilot-question"
        rows={3}
        value={question}
        maxLength={MAX_QUESTION_LENGTH}
        disabled={busy}
        aria-describedby="copilot-question-help"
        placeholder="e.g. Which KPIs are furthest behind plan this year?"
        onChange={(event) => setQuestion(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <Cluster $justify="space-between">
        <span id="copilot-question-help" className="help">
          Enter sends, Shift+Enter starts a new line.
        </span>
        <Button type="submit" variant="primary" busy={busy} disabled={busy || question.trim() === ""}>
          Ask
        </Button>
      </Cluster>
    </ComposerForm>
  );
}

const Layout = styled.div`
  display: grid;
  grid-template-columns: minmax(220px, 280px) 1fr;
  gap: ${SPACE.lg};
  align-items: start;
  ${MEDIA.narrow} { grid-template-columns: 1fr; }
`;

const Sidebar = styled.nav`
  background: ${(p) => p.theme.surface};
  border: 1px solid ${(p) => p.theme.border};
  border-radius: ${RADIUS.lg};
  padding: ${SPACE.md};
  h2 { font-size: ${TYPE_SCALE.md.size}; margin: 0 0 ${SPACE.sm}; }
  .empty { color: ${(p) => p.theme.textMuted}; margin: 0; }
  ul { list-style: none; margin: 0; padding: 0; display: grid; gap: ${SPACE.xs}; }
  li { padding: ${SPACE.xs} ${SPACE.sm}; border-radius: ${RADIUS.md}; display: grid; gap: ${SPACE.xxs}; }
  li[data-current] { background: ${(p) => p.theme.accentSurface}; }
  .title { color: ${(p) => p.theme.text}; font-weight: 500; overflow-wrap: anywhere; }
  .title[aria-current] { font-weight: 600; }
`;

const Main = styled.section`
  display: grid;
  gap: ${SPACE.md};
  min-width: 0;
`;

const Messages = styled.div`
  display: grid;
  gap: ${SPACE.md};
  ol { list-style: none; margin: 0; padding: 0; display: grid; gap: ${SPACE.md}; }
  li.question {
    justify-self: end;
    max-width: 75%;
    background: ${(p) => p.theme.accentSurface};
    border-radius: ${RADIUS.lg};
    padding: ${SPACE.sm} ${SPACE.md};
    p { margin: 0; }
  }
  li.answer {
    background: ${(p) => p.theme.surface};
    border: 1px solid ${(p) => p.theme.border};
    border-radius: ${RADIUS.lg};
    padding: ${SPACE.md};
    min-width: 0;
  }
  .snapshot { font-size: ${TYPE_SCALE.sm.size}; color: ${(p) => p.theme.textMuted}; margin-top: ${SPACE.xs}; }
  .tools { margin: 0 0 ${SPACE.sm}; padding-left: 1.2em; color: ${(p) => p.theme.textMuted}; font-size: ${TYPE_SCALE.sm.size}; }
  .thinking { color: ${(p) => p.theme.textMuted}; margin: 0; }
`;

const ComposerForm = styled.form`
  display: grid;
  gap: ${SPACE.xs};
  background: ${(p) => p.theme.surface};
  border: 1px solid ${(p) => p.theme.border};
  border-radius: ${RADIUS.lg};
  padding: ${SPACE.md};
  label { font-weight: 500; }
  .help { color: ${(p) => p.theme.textMuted}; font-size: ${TYPE_SCALE.sm.size}; }
  .attached { font-size: ${TYPE_SCALE.sm.size}; }
`;
