00000000000018d0 <max_of>:
    18d0:	mov    %edx,%eax
    18d2:	test   %rsi,%rsi
    18d5:	je     18f0 <max_of+0x20>
    18d7:	lea    (%rdi,%rsi,4),%rcx
    18db:	nopl   0x0(%rax,%rax,1)
    18e0:	mov    (%rdi),%edx
    18e2:	cmp    %edx,%eax
    18e4:	cmovl  %edx,%eax
    18e7:	add    $0x4,%rdi
    18eb:	cmp    %rcx,%rdi
    18ee:	jne    18e0 <max_of+0x10>
    18f0:	ret
    18f1:	data16 cs nopw 0x0(%rax,%rax,1)
    18fc:	nopl   0x0(%rax)

