// The guide editor (使用指南 / 常见故障): tiptap (ProseMirror) with the few marks a guide needs —
// headings, bold, italic, underline, lists, quotes, links and a dividing line — as a Form.Item
// child (`value` is the HTML, `onChange` gets the new HTML). It writes only what its schema holds, and
// the API sanitises whatever it is sent again (docs/adr/0210-guide-editor-tiptap.md). The module is
// loaded only by the guides page, behind React.lazy, so no other console page carries ProseMirror.
import {
  BoldOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  RedoOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Divider, Input, Modal, Tooltip } from 'antd';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { isHttpsUrl } from '@glucoguard/domain';
import styles from './Catalogue.module.css';

/** An empty document as tiptap writes it: saved as no content. */
const EMPTY_DOCUMENT = '<p></p>';

function ToolButton({
  label,
  icon,
  active = false,
  disabled = false,
  onClick,
}: {
  label: string;
  icon: ReactNode;
  active?: boolean;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <Tooltip title={label}>
      <Button
        type={active ? 'primary' : 'text'}
        ghost={active}
        icon={icon}
        aria-label={label}
        aria-pressed={active}
        disabled={disabled}
        // The editor keeps the focus and the selection: typing goes on where it was after a click here.
        onMouseDown={(event) => event.preventDefault()}
        onClick={onClick}
      />
    </Tooltip>
  );
}

/** The link dialog: an https address for the selected text, or empty to remove the link. */
function LinkDialog({ editor, open, onClose }: { editor: Editor; open: boolean; onClose: () => void }) {
  const [href, setHref] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (open) {
      setHref((editor.getAttributes('link').href as string | undefined) ?? '');
      setProblem(null);
    }
  }, [open, editor]);

  const apply = () => {
    const address = href.trim();
    if (address === '') {
      editor.chain().focus().extendMarkRange('link').unsetLink().run();
      onClose();
      return;
    }
    if (!isHttpsUrl(address)) {
      setProblem('链接须以 https:// 开头');
      return;
    }
    editor.chain().focus().extendMarkRange('link').setLink({ href: address }).run();
    onClose();
  };

  return (
    <Modal title="插入链接" open={open} okText="确定" cancelText="取消" onOk={apply} onCancel={onClose} destroyOnHidden>
      <Input
        aria-label="链接地址"
        placeholder="https://"
        value={href}
        status={problem ? 'error' : undefined}
        onChange={(event) => setHref(event.target.value)}
        onPressEnter={apply}
      />
      <div className={styles.hint}>{problem ?? '先选中文字再插入链接；清空地址并确定即去掉链接。'}</div>
    </Modal>
  );
}

export default function RichTextEditor({
  value = '',
  onChange,
  label = '正文',
}: {
  value?: string;
  onChange?: (html: string) => void;
  /** The editing area's accessible name. */
  label?: string;
}) {
  const [linking, setLinking] = useState(false);
  /** The last HTML the editor reported, or the last value taken from outside. */
  const emitted = useRef(value);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        code: false,
        codeBlock: false,
        link: { openOnClick: false, autolink: false, protocols: ['https'], defaultProtocol: 'https' },
      }),
    ],
    content: value,
    editorProps: { attributes: { class: styles.editorArea ?? '', 'aria-label': label, role: 'textbox' } },
    onUpdate: ({ editor: changed }) => {
      const html = changed.getHTML();
      emitted.current = html === EMPTY_DOCUMENT ? '' : html;
      onChange?.(emitted.current);
    },
  });

  // A value set from outside (the dialog opening another guide, the saved content coming back). The
  // value the form hands back for what the editor itself reported is not one: by the time it arrives
  // the editor may hold newer keystrokes, which setting it would throw away.
  useEffect(() => {
    if (!editor || value === emitted.current) {
      return;
    }
    emitted.current = value;
    const current = editor.getHTML();
    if (value !== current && !(value === '' && current === EMPTY_DOCUMENT)) {
      editor.commands.setContent(value, { emitUpdate: false });
    }
  }, [editor, value]);

  const state = useEditorState({
    editor,
    selector: ({ editor: e }) =>
      e
        ? {
            h2: e.isActive('heading', { level: 2 }),
            h3: e.isActive('heading', { level: 3 }),
            bold: e.isActive('bold'),
            italic: e.isActive('italic'),
            underline: e.isActive('underline'),
            bullet: e.isActive('bulletList'),
            ordered: e.isActive('orderedList'),
            quote: e.isActive('blockquote'),
            link: e.isActive('link'),
            undo: e.can().undo(),
            redo: e.can().redo(),
          }
        : null,
  });

  if (!editor || !state) {
    return null;
  }
  const chain = () => editor.chain().focus();

  return (
    <div className={styles.editor}>
      <div className={styles.toolbar} role="toolbar" aria-label="格式">
        <ToolButton
          label="大标题"
          icon={<span className={styles.toolText}>H2</span>}
          active={state.h2}
          onClick={() => chain().toggleHeading({ level: 2 }).run()}
        />
        <ToolButton
          label="小标题"
          icon={<span className={styles.toolText}>H3</span>}
          active={state.h3}
          onClick={() => chain().toggleHeading({ level: 3 }).run()}
        />
        <Divider orientation="vertical" />
        <ToolButton
          label="加粗"
          icon={<BoldOutlined />}
          active={state.bold}
          onClick={() => chain().toggleBold().run()}
        />
        <ToolButton
          label="斜体"
          icon={<ItalicOutlined />}
          active={state.italic}
          onClick={() => chain().toggleItalic().run()}
        />
        <ToolButton
          label="下划线"
          icon={<UnderlineOutlined />}
          active={state.underline}
          onClick={() => chain().toggleUnderline().run()}
        />
        <Divider orientation="vertical" />
        <ToolButton
          label="无序列表"
          icon={<UnorderedListOutlined />}
          active={state.bullet}
          onClick={() => chain().toggleBulletList().run()}
        />
        <ToolButton
          label="有序列表"
          icon={<OrderedListOutlined />}
          active={state.ordered}
          onClick={() => chain().toggleOrderedList().run()}
        />
        <ToolButton
          label="引用"
          icon={<span className={styles.toolText}>“”</span>}
          active={state.quote}
          onClick={() => chain().toggleBlockquote().run()}
        />
        <ToolButton
          label="分隔线"
          icon={<span className={styles.toolText}>—</span>}
          onClick={() => chain().setHorizontalRule().run()}
        />
        <ToolButton label="链接" icon={<LinkOutlined />} active={state.link} onClick={() => setLinking(true)} />
        <Divider orientation="vertical" />
        <ToolButton label="撤销" icon={<UndoOutlined />} disabled={!state.undo} onClick={() => chain().undo().run()} />
        <ToolButton label="重做" icon={<RedoOutlined />} disabled={!state.redo} onClick={() => chain().redo().run()} />
      </div>
      <EditorContent editor={editor} />
      <LinkDialog editor={editor} open={linking} onClose={() => setLinking(false)} />
    </div>
  );
}
